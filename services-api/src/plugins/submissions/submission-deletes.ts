import type { Database, Executor } from '../../db/knex.js';

/**
 * The one way submissions are deleted (the admin's single delete, a person's erasure, the
 * retention run): one statement on the submissions, which takes everything hanging off them with
 * it by foreign key (their pillar scores, their analysis, email and webhook jobs and those jobs'
 * attempts) and takes their share out of every aggregate by trigger. The answers and the analysis
 * are columns of the submission itself. Returns how many were deleted.
 */
export async function deleteSubmissionRows(trx: Executor, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  return trx('submissions').whereIn('id', ids).delete();
}

/** Rows one retention batch deletes: each batch is its own short transaction. */
export const DELETE_BATCH_SIZE = 500;

export interface BatchedDelete {
  batchSize?: number;
  /** Stops between batches: what was deleted stays deleted, the rest waits for the next run. */
  signal?: AbortSignal;
  /**
   * Told of each batch's submissions once it has committed, so a caller knows what was done if a
   * later one fails (and can remove what lives outside the database); waited for before the next.
   */
  onDeleted?: (ids: readonly string[]) => void | Promise<void>;
}

/**
 * Deletes every submission submitted before `cutoff`, oldest first, a batch per transaction, so a
 * large backlog never holds its locks (on the rows, and on the aggregate rows the triggers update)
 * for long; rows another transaction holds (an admin deleting one) are skipped, not waited on.
 * Returns how many were deleted.
 */
export async function deleteSubmittedBefore(
  db: Database,
  cutoff: Date,
  { batchSize = DELETE_BATCH_SIZE, signal, onDeleted }: BatchedDelete = {},
): Promise<number> {
  let deleted = 0;
  for (;;) {
    signal?.throwIfAborted();
    const ids = await db.transaction(async (trx) => {
      const batch = await trx('submissions')
        .where('submitted_at', '<', cutoff)
        .orderBy([{ column: 'submitted_at' }, { column: 'id' }])
        .limit(batchSize)
        .forUpdate()
        .skipLocked()
        .pluck<string[]>('id');
      await deleteSubmissionRows(trx, batch);
      return batch;
    });
    deleted += ids.length;
    await onDeleted?.(ids);
    if (ids.length < batchSize) return deleted;
  }
}
