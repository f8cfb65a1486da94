import type { Analytics } from '@msp/shared';
import type { Database } from '../../db/knex.js';

/** Rounds to two decimals: enough for a bar on a 0-3 scale and its one-decimal label. */
function roundTo2(value: number): number {
  return Math.round(value * 100) / 100;
}

/**
 * Submissions per month and the mean level of each pillar, summed in SQL from the aggregates the
 * triggers keep (a few rows per month and per pillar), so the answer costs the same at a million
 * submissions as at ten.
 */
export async function analytics(db: Database): Promise<Analytics> {
  const [months, pillars] = await Promise.all([
    db('submission_stats_monthly')
      .select(db.raw(`to_char(month, 'YYYY-MM') as month`))
      .sum<{ month: string; count: string | number }[]>({ count: 'submissions' })
      .groupBy('submission_stats_monthly.month')
      .havingRaw('sum(submissions) > 0')
      .orderBy('submission_stats_monthly.month'),
    // The pillar's current name when it still exists, else the name its scores were frozen with.
    db('submission_stats_pillars as sp')
      .leftJoin('pillars as p', 'p.id', 'sp.pillar_id')
      .select(
        'sp.pillar_id as pillarId',
        db.raw('coalesce(max(p.name), max(sp.pillar_name)) as "pillarName"'),
      )
      .sum<{ pillarId: number; pillarName: string; levelSum: string; scores: string }[]>({
        levelSum: 'sp.level_sum',
        scores: 'sp.scores',
      })
      .groupBy('sp.pillar_id')
      .havingRaw('sum(sp.scores) > 0')
      .orderByRaw('min(p."order") nulls last, sp.pillar_id'),
  ]);
  return {
    submissionTrends: months.map((row) => ({ month: row.month, count: Number(row.count) })),
    averageMaturityScores: pillars.map((row) => ({
      pillarId: Number(row.pillarId),
      pillarName: row.pillarName,
      averageScore: roundTo2(Number(row.levelSum) / Number(row.scores)),
    })),
  };
}
