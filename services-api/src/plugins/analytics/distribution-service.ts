import {
  MATURITY_LEVELS,
  roundTo1,
  type DemographicField,
  type V1DemographicsAnalytics,
  type V1MaturityLevels,
} from '@msp/shared';
import type { Database } from '../../db/knex.js';
import { overallLevelCounts, pillarTotals } from './analytics-service.js';

/*
 * Every figure here is summed from the aggregates the submission triggers keep (a few rows per
 * month, level, pillar and answer), so each costs the same at a million submissions as at ten.
 */

const share = (count: number, total: number) => (total > 0 ? roundTo1((count / total) * 100) : 0);

function levelCounts(counts: Map<number, number>, total: number) {
  return MATURITY_LEVELS.map(({ level, name }) => {
    const count = counts.get(level) ?? 0;
    return { level, name, count, percentage: share(count, total) };
  });
}

/**
 * The answers given to each select or radio field: its options in order (zeros included), then
 * answers to options removed since, most given first.
 */
export async function demographicsAnalytics(
  db: Database,
  fields: readonly DemographicField[],
): Promise<V1DemographicsAnalytics> {
  const counted = fields.filter((field) => field.fieldType === 'select' || field.fieldType === 'radio');
  if (counted.length === 0) return { fields: [] };
  const rows = await db('submission_stats_demographics')
    .whereIn(
      'field',
      counted.map((field) => field.identifier),
    )
    .select('field', 'value')
    .sum<{ field: string; value: string; count: string | number }[]>({ count: 'submissions' })
    .groupBy('field', 'value')
    .havingRaw('sum(submissions) > 0');
  const byField = new Map<string, Map<string, number>>();
  for (const row of rows) {
    const values = byField.get(row.field) ?? new Map<string, number>();
    values.set(row.value, Number(row.count));
    byField.set(row.field, values);
  }
  return {
    fields: counted.map((field) => {
      const values = byField.get(field.identifier) ?? new Map<string, number>();
      const options = field.options ?? [];
      const removed = [...values.keys()]
        .filter((value) => !options.includes(value))
        .sort((a, b) => values.get(b)! - values.get(a)! || a.localeCompare(b));
      const responses = [...values.values()].reduce((sum, count) => sum + count, 0);
      return {
        identifier: field.identifier,
        label: field.label,
        fieldType: field.fieldType,
        responses,
        answers: [...options, ...removed].map((value) => {
          const count = values.get(value) ?? 0;
          return { value, count, percentage: share(count, responses) };
        }),
      };
    }),
  };
}

/** How many submissions reached each level: overall, and per pillar ever scored (in pillar order). */
export async function maturityLevels(db: Database): Promise<V1MaturityLevels> {
  const [overall, pillarLevels, pillars] = await Promise.all([
    overallLevelCounts(db),
    db('submission_stats_pillar_levels')
      .select('pillar_key as pillarKey', 'level')
      .sum<{ pillarKey: string; level: number; count: string | number }[]>({ count: 'scores' })
      .groupBy('pillar_key', 'level')
      .havingRaw('sum(scores) > 0'),
    pillarTotals(db),
  ]);
  const byPillar = new Map<string, Map<number, number>>();
  for (const row of pillarLevels) {
    const levels = byPillar.get(row.pillarKey) ?? new Map<number, number>();
    levels.set(Number(row.level), Number(row.count));
    byPillar.set(row.pillarKey, levels);
  }
  const totalSubmissions = [...overall.values()].reduce((sum, count) => sum + count, 0);
  return {
    totalSubmissions,
    overall: levelCounts(overall, totalSubmissions),
    pillars: pillars
      .filter((pillar) => byPillar.has(pillar.pillarKey))
      .map((pillar) => {
        const levels = byPillar.get(pillar.pillarKey)!;
        const scored = [...levels.values()].reduce((sum, count) => sum + count, 0);
        return {
          pillarId: Number(pillar.pillarId),
          pillarKey: pillar.pillarKey,
          pillarName: pillar.pillarName,
          scored,
          levels: levelCounts(levels, scored),
        };
      }),
  };
}
