import type { Knex } from 'knex';
import type { Database } from './knex.js';
import type { BaseModel } from './models/base-model.js';
import { NotFoundError } from '../domain/errors.js';

/**
 * Runs a write in one transaction and, once it has committed, tells every instance that what it
 * caches from it changed: NOTIFY on `channel` (PostgreSQL delivers it at commit, to the other
 * instances' listeners), then `afterCommit` for this instance's own cache.
 */
export async function writeAndNotify<T>(
  db: Database,
  channel: string,
  afterCommit: () => void,
  write: (trx: Knex.Transaction) => Promise<T>,
): Promise<T> {
  const result = await db.transaction(async (trx) => {
    const value = await write(trx);
    await trx.raw(`NOTIFY ${channel}`);
    return value;
  });
  afterCommit();
  return result;
}

/** Deletes one row by id, or throws NotFoundError. */
export async function deleteById(
  model: typeof BaseModel,
  trx: Knex.Transaction,
  id: number,
  notFound: string,
): Promise<void> {
  const rows = await model.query(trx).where('id', id).delete().returning('id');
  if (rows.length === 0) throw new NotFoundError(notFound);
}

/** PostgreSQL's unique_violation: a concurrent write took the value first. */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string })?.code === '23505';
}
