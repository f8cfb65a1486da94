import type { Knex } from 'knex';
import type { Database } from './knex.js';

/**
 * Runs a write in one transaction and, once it has committed, tells every instance that what it
 * caches from it changed: NOTIFY on `channel` (PostgreSQL delivers it at commit, to the other
 * instances' listeners), then `afterCommit` for this instance's own cache. The embedded database
 * has one instance, so it needs no NOTIFY.
 */
export async function writeAndNotify<T>(
  db: Database,
  channel: string,
  afterCommit: () => void,
  write: (trx: Knex.Transaction) => Promise<T>,
): Promise<T> {
  const result = await db.transaction(async (trx) => {
    const value = await write(trx);
    if (trx.client.config.client === 'pg') await trx.raw(`NOTIFY ${channel}`);
    return value;
  });
  afterCommit();
  return result;
}
