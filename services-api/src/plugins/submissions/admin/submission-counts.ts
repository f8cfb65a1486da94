import { SUBMISSIONS_COUNT_CAP } from '@msp/shared';
import type { Database } from '../../../db/knex.js';
import { countAllSubmissions } from '../../../db/stats/totals.js';
import { listFilter, narrowsList, type SubmissionListFilter } from '../submission-filters.js';

/** How many submissions a list has; `capped` when a search's count stopped at the cap. */
export interface Counted {
  total: number;
  capped: boolean;
}

/**
 * How many submissions match. A text search stops counting past SUBMISSIONS_COUNT_CAP: its
 * matches are rows the trigram index only points at (each read and checked), and a common surname
 * has tens of thousands of them. The other filters are counted exactly, from the aggregates or an
 * index-only scan.
 */
export async function countMatching(db: Database, filter: SubmissionListFilter): Promise<Counted> {
  if (!narrowsList(filter)) return { total: await countAllSubmissions(db), capped: false };
  if (
    filter.language &&
    !narrowsList({ ...filter, language: undefined, startDate: undefined, endDate: undefined })
  ) {
    return { total: await countInLanguage(db, filter.language, filter), capped: false };
  }
  const matching = db('submissions as s').modify(listFilter(filter));
  if (filter.visits && !narrowsList({ ...filter, visits: undefined })) {
    return { total: await countVisits(db, filter.visits), capped: false };
  }
  if (!filter.search) {
    const row = await matching.count<{ count: string | number }>({ count: '*' }).first();
    return { total: Number(row?.count ?? 0), capped: false };
  }
  const row = await db
    .from(
      matching
        .select(db.raw('1'))
        .limit(SUBMISSIONS_COUNT_CAP + 1)
        .as('m'),
    )
    .count<{ count: string | number }>({ count: '*' })
    .first();
  const total = Number(row?.count ?? 0);
  return total > SUBMISSIONS_COUNT_CAP
    ? { total: SUBMISSIONS_COUNT_CAP, capped: true }
    : { total, capped: false };
}

/**
 * How many submissions are returning people's (an index-only count of the partial index), or first
 * assessments (the rest of the aggregate's total).
 */
async function countVisits(db: Database, visits: 'first' | 'returning'): Promise<number> {
  const row = await db('submissions')
    .where('is_returning', true)
    .count<{ count: string | number }>({ count: '*' })
    .first();
  const returning = Number(row?.count ?? 0);
  return visits === 'returning' ? returning : (await countAllSubmissions(db)) - returning;
}

/**
 * How many submissions were taken in a language within whole UTC days, from the daily aggregate
 * the trigger keeps: English is most of a million submissions, and counting its rows would read
 * nearly all of them.
 */
async function countInLanguage(
  db: Database,
  language: string,
  days: Pick<SubmissionListFilter, 'startDate' | 'endDate'>,
): Promise<number> {
  const row = await db('submission_stats_sources')
    .where({ dimension: 'language', value: language })
    .modify((builder) => {
      if (days.startDate) builder.where('day', '>=', days.startDate);
      if (days.endDate) builder.where('day', '<=', days.endDate);
    })
    .sum<{ count: string | number | null }>({ count: 'submissions' })
    .first();
  return Number(row?.count ?? 0);
}
