import type { ComparisonBasis, ComparisonResponse } from '@msp/shared';
import type { Database } from '../../../db/knex.js';
import type { Submission } from '../submission-reads.js';
import { roundTo1 } from '@msp/shared';

/**
 * Fewest other submissions (the visitor's own aside) any figure may be built from. With fewer, a
 * visitor could subtract their own answers from an average and read another MSP's levels.
 */
export const MIN_PEERS = 3;

/** A comparison group, as a condition on the per-group aggregate rows. */
interface Group {
  basis: ComparisonBasis;
  /** SQL condition on the aggregate's employee_count and managed_companies, with its bindings. */
  where: string;
  bindings: string[];
}

/**
 * The groups a submission may be compared with, narrowest first: the same employee count and
 * managed-company answers, then one of the two, then everyone. An answer the visitor left out
 * groups nothing (the aggregates keep it as '', never asked for here).
 */
function candidateGroups({ employeeCount, managedCompanies }: Submission): Group[] {
  const groups: Group[] = [];
  if (employeeCount && managedCompanies) {
    groups.push({
      basis: 'employees_and_companies',
      where: 'employee_count = ? AND managed_companies = ?',
      bindings: [employeeCount, managedCompanies],
    });
  }
  if (employeeCount)
    groups.push({ basis: 'employees', where: 'employee_count = ?', bindings: [employeeCount] });
  if (managedCompanies) {
    groups.push({ basis: 'companies', where: 'managed_companies = ?', bindings: [managedCompanies] });
  }
  groups.push({ basis: 'all', where: 'true', bindings: [] });
  return groups;
}

/**
 * Submissions per overall level in each candidate group, in one pass over the per-group aggregate
 * (a few rows per answer pair, whatever the number of submissions).
 */
async function levelCounts(db: Database, groups: Group[]): Promise<number[][]> {
  const { rows } = await db.raw<{ rows: Record<string, string | number | null>[] }>(
    `SELECT overall_level AS level, ${groups
      .map((group, i) => `sum(submissions) FILTER (WHERE ${group.where}) AS g${i}`)
      .join(', ')}
    FROM submission_stats_groups GROUP BY overall_level`,
    groups.flatMap((group) => group.bindings),
  );
  return groups.map((_group, i) =>
    ([0, 1, 2, 3] as const).map((level) =>
      Number(rows.find((row) => Number(row.level) === level)?.[`g${i}`] ?? 0),
    ),
  );
}

/**
 * How a submission compares with other MSPs like it, read from the aggregates its group keeps,
 * with the visitor's own submission taken out of every figure (it is in the group: the group is
 * chosen by the visitor's answers); nothing when no group, everyone included, has `MIN_PEERS`
 * other submissions.
 */
export async function compareSubmission(db: Database, submission: Submission): Promise<ComparisonResponse> {
  const groups = candidateGroups(submission);
  const counts = await levelCounts(db, groups);
  const sum = (levels: number[]) => levels.reduce((total, count) => total + count, 0);
  const ownLevel = submission.overallLevel;
  const others = counts.map((levels) =>
    levels.map((count, level) => (level === ownLevel ? count - 1 : count)),
  );
  const chosen = others.findIndex((levels) => sum(levels) >= MIN_PEERS);
  if (chosen < 0) return { basis: null };
  const group = groups[chosen]!;
  const levels = others[chosen]!;
  const total = sum(levels);
  const weighted = levels.reduce((acc, count, level) => acc + level * count, 0);

  const ownPillars = submission.pillarScores;
  const pillarAverages = ownPillars.length
    ? await db('submission_stats_group_pillars')
        .whereRaw(group.where, group.bindings)
        // By key, so the submissions taken before a content import count for the same pillar.
        .whereIn(
          'pillar_key',
          ownPillars.map((p) => p.pillarKey),
        )
        .select<{ pillarKey: string; scoreSum: string | number; scores: string | number }[]>(
          'pillar_key as pillarKey',
          db.raw('sum(score_sum) as "scoreSum"'),
          db.raw('sum(scores) as scores'),
        )
        .groupBy('pillar_key')
        .havingRaw('sum(scores) > 0')
    : [];
  const ownScore = new Map(ownPillars.map((p) => [p.pillarKey, Number(p.normalizedScore)]));
  const averageByPillar = new Map(
    pillarAverages.flatMap((row) => {
      const own = ownScore.get(row.pillarKey) ?? 0;
      const scores = Number(row.scores) - 1;
      return scores > 0 ? [[row.pillarKey, (Number(row.scoreSum) - own) / scores] as const] : [];
    }),
  );

  return {
    totalSubmissions: total,
    basis: group.basis,
    avgMaturityLevel: total ? roundTo1(weighted / total) : 0,
    distribution: ([0, 1, 2, 3] as const).map((level) => ({
      level,
      percentage: total ? roundTo1((levels[level]! / total) * 100) : 0,
    })),
    avgPillarScores: ownPillars.map((p) => ({
      pillarName: p.pillarName,
      avgScore: Math.round((averageByPillar.get(p.pillarKey) ?? 0) * 1000) / 1000,
    })),
  };
}
