import type { AdminStats } from '@msp/shared';
import type { Knex } from 'knex';
import type { AppContext } from '../../app-context.js';
import { CONTENT_CHANNEL } from '../../content-cache.js';
import type { BaseModel } from '../../db/models/base-model.js';
import type { Database } from '../../db/knex.js';
import { writeAndNotify } from '../../db/notify.js';
import { DemographicFieldModel, Pillar, Question } from '../../db/models/index.js';
import { countAllSubmissions } from '../submissions/admin-submissions-service.js';
import { NotFoundError } from '../../domain/errors.js';

/** A content write in one transaction, after which every instance's public cache is told of it. */
export function writeContent<T>(
  db: Database,
  afterCommit: () => void,
  write: (trx: Knex.Transaction) => Promise<T>,
): Promise<T> {
  return writeAndNotify(db, CONTENT_CHANNEL, afterCommit, write);
}

/** What a content plugin's routes write through: `writeContent` on this server's database and cache. */
export type ContentWriter = <T>(write: (trx: Knex.Transaction) => Promise<T>) => Promise<T>;

export function contentWriter({ db, cache }: Pick<AppContext, 'db' | 'cache'>): ContentWriter {
  return (write) => writeContent(db, () => cache.invalidate(), write);
}

/** What a delete route answers once the row is gone. */
export const DELETED = { deleted: true } as const;

/**
 * Deletes one row by id, or throws NotFoundError. Uses RETURNING because the embedded database's
 * driver does not report a deleted-row count the way pg does.
 */
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

/** The dashboard's counts of what the assessment is made of and how often it was taken. */
export async function adminStats(db: Database): Promise<AdminStats> {
  const [activePillars, assessmentQuestions, demographicFields, submissions] = await Promise.all([
    Pillar.query(db).where('is_active', true).resultSize(),
    Question.query(db)
      .joinRelated('pillar')
      .where('questions.is_active', true)
      .where('pillar.is_active', true)
      .resultSize(),
    DemographicFieldModel.query(db).where('is_active', true).resultSize(),
    // From the trigger-kept monthly counts: a count(*) would read a million rows on every dashboard view.
    countAllSubmissions(db),
  ]);
  return { activePillars, assessmentQuestions, demographicFields, submissions };
}
