import type { ComparisonBasis, ComparisonResponse } from '@msp/shared';
import type { Knex } from 'knex';
import type { Database } from '../../db/knex.js';
import type { Submission } from '../../db/models/index.js';
import { roundTo1 } from '@msp/shared';

/** Fewest submissions a comparison group may have before it is widened. */
export const MIN_COMPARISON_GROUP = 3;

type Filter = (builder: Knex.QueryBuilder) => void;

async function countWhere(db: Database, filter: Filter): Promise<number> {
  const row = await db('submissions as s')
    .modify(filter)
    .count<{ count: string | number }[]>({ count: '*' })
    .first();
  return Number(row?.count ?? 0);
}

/**
 * Picks the comparison group: submissions with the same employee count and managed-company answers;
 * when fewer than three such exist, those sharing one of the two; else everyone.
 */
async function chooseGroup(
  db: Database,
  submission: Submission,
): Promise<{ basis: ComparisonBasis; filter: Filter }> {
  const { employeeCount, managedCompanies } = submission;
  const candidates: { basis: ComparisonBasis; filter: Filter }[] = [];
  if (employeeCount && managedCompanies) {
    candidates.push({
      basis: 'employees_and_companies',
      filter: (b) =>
        b.where('s.employee_count', employeeCount).where('s.managed_companies', managedCompanies),
    });
  }
  if (employeeCount)
    candidates.push({ basis: 'employees', filter: (b) => b.where('s.employee_count', employeeCount) });
  if (managedCompanies) {
    candidates.push({ basis: 'companies', filter: (b) => b.where('s.managed_companies', managedCompanies) });
  }
  for (const candidate of candidates) {
    if ((await countWhere(db, candidate.filter)) >= MIN_COMPARISON_GROUP) return candidate;
  }
  return { basis: 'all', filter: () => {} };
}

/** How a submission compares with similar MSPs, aggregated in SQL. */
export async function compareSubmission(db: Database, submission: Submission): Promise<ComparisonResponse> {
  const { basis, filter } = await chooseGroup(db, submission);

  const levels = await db('submissions as s')
    .modify(filter)
    .select('s.banner_level as level')
    .count<{ level: number; count: string | number }[]>({ count: '*' })
    .groupBy('s.banner_level');
  const total = levels.reduce((sum, row) => sum + Number(row.count), 0);
  const weighted = levels.reduce((sum, row) => sum + Number(row.level) * Number(row.count), 0);

  const ownPillars = submission.pillarScores ?? [];
  const pillarAverages = ownPillars.length
    ? await db('submission_pillar_scores as ps')
        .join('submissions as s', 's.id', 'ps.submission_id')
        .modify(filter)
        .whereIn(
          'ps.pillar_id',
          ownPillars.map((p) => p.pillarId),
        )
        .select('ps.pillar_id as pillarId')
        .avg<{ pillarId: number; avgScore: string | number }[]>({ avgScore: 'ps.normalized_score' })
        .groupBy('ps.pillar_id')
    : [];
  const averageByPillar = new Map(pillarAverages.map((row) => [Number(row.pillarId), Number(row.avgScore)]));

  return {
    totalSubmissions: total,
    basis,
    avgMaturityLevel: total ? roundTo1(weighted / total) : 0,
    distribution: ([0, 1, 2, 3] as const).map((level) => {
      const count = Number(levels.find((row) => Number(row.level) === level)?.count ?? 0);
      return { level, percentage: total ? roundTo1((count / total) * 100) : 0 };
    }),
    avgPillarScores: ownPillars.map((p) => ({
      pillarName: p.pillarName,
      avgScore: Math.round((averageByPillar.get(p.pillarId) ?? 0) * 1000) / 1000,
    })),
  };
}
