import { roundTo1, type PreviousSubmission } from '@msp/shared';
import type { Executor } from '../../db/knex.js';
import type { SubmissionRow } from '../../db/tables.js';
import { pillarScoreRowsOf } from './submission-reads.js';

/** What the previous submission is found and compared by: the submission and its pillar scores. */
export interface ComparedSubmission {
  id: string;
  email: string | null;
  submittedAt: Date | string;
  overallLevel: number;
  cumulativeAverage: number;
  pillars: readonly { pillarKey: string; pillarName: string; level: number; percentage: number }[];
}

/**
 * The same person's submissions before this one: by address, lower-cased as every reader compares,
 * and earlier by time (then id, for two at one instant). Read through the person index.
 */
function earlierOf(db: Executor, current: ComparedSubmission & { email: string }) {
  return db<SubmissionRow>('submissions')
    .whereNotNull('email')
    .whereRaw('lower(email) = ?', [current.email.toLowerCase()])
    .whereRaw('(submitted_at, id) < (?::timestamptz, ?::uuid)', [
      new Date(current.submittedAt).toISOString(),
      current.id,
    ]);
}

/**
 * The person's assessment before this one and how far this one moved from it, or null for their
 * first (or a submission without an address, which is no one's).
 */
export async function previousSubmissionOf(
  db: Executor,
  current: ComparedSubmission,
): Promise<PreviousSubmission | null> {
  if (!current.email) return null;
  const person = { ...current, email: current.email };
  // The latest earlier one, with how many there are, in one read of the person index.
  const row = await earlierOf(db, person)
    .orderBy([
      { column: 'submitted_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .first<
      | (Pick<SubmissionRow, 'id' | 'submitted_at' | 'overall_level' | 'cumulative_average'> & {
          earlier: string | number;
        })
      | undefined
    >('id', 'submitted_at', 'overall_level', 'cumulative_average', db.raw('count(*) OVER () AS earlier'));
  if (!row) return null;
  const before = new Map(
    (await pillarScoreRowsOf(db, [row.id])).map((score) => [
      score.pillar_key,
      { level: score.level, percentage: roundTo1(Number(score.percentage)) },
    ]),
  );
  const cumulativeAverage = roundTo1(Number(row.cumulative_average));
  return {
    id: row.id,
    submittedAt: new Date(row.submitted_at).toISOString(),
    overallLevel: row.overall_level as PreviousSubmission['overallLevel'],
    cumulativeAverage,
    assessmentNumber: Number(row.earlier) + 1,
    changes: {
      overall: {
        level: current.overallLevel - row.overall_level,
        score: roundTo1(roundTo1(current.cumulativeAverage) - cumulativeAverage),
      },
      pillars: current.pillars.flatMap((pillar) => {
        const earlier = before.get(pillar.pillarKey);
        return earlier
          ? [
              {
                pillarKey: pillar.pillarKey,
                pillarName: pillar.pillarName,
                level: pillar.level - earlier.level,
                score: roundTo1(roundTo1(pillar.percentage) - earlier.percentage),
              },
            ]
          : [];
      }),
    },
  };
}
