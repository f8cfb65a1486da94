import type { Analytics } from '@msp/shared';
import type { Database } from '../../db/knex.js';
import { countAllSubmissions } from '../../db/stats/totals.js';

/** Rounds to two decimals: enough for a bar on a 0-3 scale and its one-decimal label. */
function roundTo2(value: number): number {
  return Math.round(value * 100) / 100;
}

/**
 * Each pillar ever scored, one row per key (its history, across content imports that gave it new
 * ids), in the pillars' display order, those gone last: its id and name today, or the last it was
 * scored under, with its level sum and number of scores.
 */
export function pillarTotals(db: Database) {
  return db('submission_stats_pillars as sp')
    .leftJoin('pillars as p', 'p.key', 'sp.pillar_key')
    .select(
      'sp.pillar_key as pillarKey',
      db.raw('coalesce(max(p.id), max(sp.pillar_id)) as "pillarId"'),
      db.raw('coalesce(max(p.name), max(sp.pillar_name)) as "pillarName"'),
    )
    .sum<{ pillarKey: string; pillarId: number; pillarName: string; levelSum: string; scores: string }[]>({
      levelSum: 'sp.level_sum',
      scores: 'sp.scores',
    })
    .groupBy('sp.pillar_key')
    .orderByRaw('min(p."order") nulls last, max(sp.pillar_id)');
}

/** How many submissions have each overall level, from the aggregate the triggers keep. */
export async function overallLevelCounts(db: Database): Promise<Map<number, number>> {
  const rows = await db('submission_stats_levels')
    .select('level')
    .sum<{ level: number; count: string | number }[]>({ count: 'submissions' })
    .groupBy('level');
  return new Map(rows.map((row) => [Number(row.level), Number(row.count)]));
}

/** The mean of the submissions' overall levels, two decimals; null before the first. */
function averageOverallLevel(levels: Map<number, number>): number | null {
  let levelSum = 0;
  let counted = 0;
  for (const [level, count] of levels) {
    levelSum += level * count;
    counted += count;
  }
  return counted > 0 ? roundTo2(levelSum / counted) : null;
}

/**
 * The total, the mean overall level, submissions per month and the mean level of each pillar,
 * summed in SQL from the aggregates the triggers keep (a few rows per month, level and pillar), so
 * the answer costs the same at a million submissions as at ten. The admin's screen and /api/v1
 * both answer this, so their numbers and names are one.
 */
export async function analytics(db: Database): Promise<Analytics> {
  const [totalSubmissions, levels, months, scored] = await Promise.all([
    countAllSubmissions(db),
    overallLevelCounts(db),
    db('submission_stats_monthly')
      .select(db.raw(`to_char(month, 'YYYY-MM') as month`))
      .sum<{ month: string; count: string | number }[]>({ count: 'submissions' })
      .groupBy('submission_stats_monthly.month')
      .havingRaw('sum(submissions) > 0')
      .orderBy('submission_stats_monthly.month'),
    pillarTotals(db),
  ]);
  return {
    totalSubmissions,
    averageOverallLevel: averageOverallLevel(levels),
    submissionTrends: months.map((row) => ({ month: row.month, count: Number(row.count) })),
    averageMaturityScores: scored
      .filter((row) => Number(row.scores) > 0)
      .map((row) => ({
        pillarId: Number(row.pillarId),
        pillarKey: row.pillarKey,
        pillarName: row.pillarName,
        averageScore: roundTo2(Number(row.levelSum) / Number(row.scores)),
      })),
  };
}
