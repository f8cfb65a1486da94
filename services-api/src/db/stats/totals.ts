import type { Executor } from '../knex.js';

/** Every submission ever stored, from the aggregate the triggers keep: a million rows, one small sum. */
export async function countAllSubmissions(db: Executor): Promise<number> {
  const row = await db('submission_stats_monthly')
    .sum<{ total: string | number | null }>({ total: 'submissions' })
    .first();
  return Number(row?.total ?? 0);
}
