import type { Executor } from './knex.js';
import type { AssessmentDraftRow } from './tables.js';

/**
 * The saved drafts of addresses (given lower case), by the index on lower(email): what the submit
 * statement deletes, the personal-data export and erasure read and delete, and the drafts plugin
 * finds an address's draft by.
 */
export function draftsOf(db: Executor, emails: readonly string[]) {
  if (emails.length === 0) return db<AssessmentDraftRow>('assessment_drafts').whereRaw('false');
  const list = emails.map(() => '?').join(', ');
  return db<AssessmentDraftRow>('assessment_drafts').whereRaw(`lower(email) IN (${list})`, [...emails]);
}
