import {
  FIRST_DAY,
  FUNNEL_TIME_BOUNDS_SECONDS,
  FUNNEL_TIME_BUCKETS,
  normalizeFunnelSource,
  type Funnel,
  type FunnelTime,
  type ParsedQuery,
  type funnelRoutes,
} from '@msp/shared';
import type { Database } from '../../db/knex.js';
import { addDays, DAY_MS, dayOf } from '../../domain/days.js';

type FunnelQueryInput = ParsedQuery<typeof funnelRoutes.getFunnel>;

/** Days in the default range: the last 30, today included. */
const DEFAULT_DAYS = 30;

/**
 * The range asked for, or the 30 days up to `to` (today when absent). The 30 days before a `to`
 * near FIRST_DAY stop at it: before it is only year 0, which PostgreSQL refuses.
 */
export function funnelRange(query: FunnelQueryInput, now = Date.now()): { from: string; to: string } {
  const to =
    query.to ??
    (query.from ? dayOf(Math.min(now, Date.parse(query.from) + (DEFAULT_DAYS - 1) * DAY_MS)) : dayOf(now));
  const earliest = dayOf(Date.parse(to) - (DEFAULT_DAYS - 1) * DAY_MS);
  const from = query.from ?? (earliest < FIRST_DAY ? FIRST_DAY : earliest);
  return { from, to: to < from ? from : to };
}

/**
 * The first day of the month after `day`'s, or null after December 9999: year 10000 has no
 * four-digit form, so it would neither compare with the other days nor reach the database.
 */
const firstOfNextMonth = (day: string): string | null => {
  const date = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return date.getUTCFullYear() > 9999 ? null : dayOf(date.getTime());
};

/**
 * A range as the tables keep it: the whole calendar months inside it (first days of the first and
 * last, for funnel_monthly) and the days before and after them (for funnel_daily).
 */
export function splitRange(
  from: string,
  to: string,
): { months: [string, string] | null; days: [string, string][] } {
  const firstMonth = from.endsWith('-01') ? from : firstOfNextMonth(from);
  // `to` is at most LAST_DAY, so the day after it still has four digits.
  const afterTo = addDays(to, 1);
  // The first day of the last month that ends inside the range.
  const lastMonth = afterTo.endsWith('-01')
    ? `${to.slice(0, 7)}-01`
    : addDays(`${to.slice(0, 7)}-01`, -1).slice(0, 7) + '-01';
  if (firstMonth === null || firstMonth > lastMonth) return { months: null, days: [[from, to]] };
  const days: [string, string][] = [];
  if (from < firstMonth) days.push([from, addDays(firstMonth, -1)]);
  const afterMonths = firstOfNextMonth(lastMonth);
  if (afterMonths !== null && afterMonths <= to) days.push([afterMonths, to]);
  return { months: [firstMonth, lastMonth], days };
}

const rate = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : null);

/** The bucket holding the middle time, or null when nobody moved on. */
export function medianTime(times: readonly number[]): FunnelTime | null {
  const total = times.reduce((sum, count) => sum + count, 0);
  if (total === 0) return null;
  let seen = 0;
  for (let index = 0; index < times.length; index += 1) {
    seen += times[index]!;
    if (seen * 2 >= total) {
      return {
        fromSeconds: index === 0 ? 0 : FUNNEL_TIME_BOUNDS_SECONDS[index - 1]!,
        toSeconds: FUNNEL_TIME_BOUNDS_SECONDS[index] ?? null,
      };
    }
  }
  return null;
}

interface SumRow {
  step: string;
  detail: string;
  visits: number;
  times: number[];
}

const TIME_COLUMNS = Array.from({ length: FUNNEL_TIME_BUCKETS }, (_, index) => `t${index}`).join(', ');
const TIME_SUMS = Array.from({ length: FUNNEL_TIME_BUCKETS }, (_, index) => `sum(t${index})::int`).join(', ');

const FIXED_LABELS = {
  landing: 'Landing page',
  started: 'Assessment started',
  demographics: 'About you',
  submitted: 'Submitted',
  results: 'Results viewed',
} as const;

/**
 * The funnel over a range of days, for one source or all: summed in SQL from the daily counts
 * (a few dozen rows a day), so two years cost one index range scan and a small grouping.
 */
export async function readFunnel(db: Database, query: FunnelQueryInput): Promise<Funnel> {
  const { from, to } = funnelRange(query);
  const source = query.source === undefined ? null : normalizeFunnelSource(query.source);

  const { months, days } = splitRange(from, to);
  /**
   * The rows of the range: whole months from funnel_monthly, the days at either end from
   * funnel_daily, as one relation of (step, detail, source, visits, t0…t6).
   */
  const counted = (sourceFilter: string | null) => {
    const parts: string[] = [];
    const bindings: string[] = [];
    const bySource = sourceFilter === null ? '' : ' AND source = ?';
    const columns = `step, detail, source, visits, ${TIME_COLUMNS}`;
    if (months) {
      parts.push(`SELECT ${columns} FROM funnel_monthly WHERE month BETWEEN ? AND ?${bySource}`);
      bindings.push(...months, ...(sourceFilter === null ? [] : [sourceFilter]));
    }
    for (const span of days) {
      parts.push(`SELECT ${columns} FROM funnel_daily WHERE day BETWEEN ? AND ?${bySource}`);
      bindings.push(...span, ...(sourceFilter === null ? [] : [sourceFilter]));
    }
    return { sql: parts.join(' UNION ALL '), bindings };
  };
  const filtered = counted(source);
  const all = counted(null);
  const [sums, sources] = await Promise.all([
    db.raw<{ rows: { step: string; detail: string; visits: number; times: number[] }[] }>(
      `SELECT step, detail, sum(visits)::int AS visits, ARRAY[${TIME_SUMS}] AS times
       FROM (${filtered.sql}) AS counted
       GROUP BY step, detail`,
      filtered.bindings,
    ),
    db.raw<{ rows: { source: string; visits: number }[] }>(
      `SELECT source, greatest(coalesce(sum(visits) FILTER (WHERE step = 'landing'), 0),
                               coalesce(sum(visits) FILTER (WHERE step = 'started'), 0))::int AS visits
       FROM (${all.sql}) AS counted WHERE step IN ('landing', 'started')
       GROUP BY source ORDER BY visits DESC, source LIMIT 200`,
      all.bindings,
    ),
  ]);
  const rows: SumRow[] = sums.rows;
  const fixed = (step: keyof typeof FIXED_LABELS) => rows.find((row) => row.step === step);
  const visitsOf = (step: keyof typeof FIXED_LABELS) => fixed(step)?.visits ?? 0;

  const positions = rows
    .filter((row) => row.step === 'position')
    .map((row) => ({ position: Number(row.detail), visits: row.visits }))
    .sort((a, b) => a.position - b.position);
  const lastPosition = positions.at(-1)?.position ?? 0;
  const byPosition = new Map(positions.map((row) => [row.position, row.visits]));

  const ordered: {
    id: string;
    step: Funnel['steps'][number]['step'];
    position: number | null;
    label: string;
    visits: number;
  }[] = [
    {
      id: 'landing',
      step: 'landing',
      position: null,
      label: FIXED_LABELS.landing,
      visits: visitsOf('landing'),
    },
    {
      id: 'started',
      step: 'started',
      position: null,
      label: FIXED_LABELS.started,
      visits: visitsOf('started'),
    },
    {
      id: 'demographics',
      step: 'demographics',
      position: null,
      label: FIXED_LABELS.demographics,
      visits: visitsOf('demographics'),
    },
    ...Array.from({ length: lastPosition }, (_, index) => ({
      id: `question-${index + 1}`,
      step: 'question' as const,
      position: index + 1,
      label: `Question ${index + 1}`,
      visits: byPosition.get(index + 1) ?? 0,
    })),
    {
      id: 'submitted',
      step: 'submitted',
      position: null,
      label: FIXED_LABELS.submitted,
      visits: visitsOf('submitted'),
    },
    {
      id: 'results',
      step: 'results',
      position: null,
      label: FIXED_LABELS.results,
      visits: visitsOf('results'),
    },
  ];
  const steps = ordered.map((step, index) => {
    const before = index === 0 ? null : ordered[index - 1]!.visits;
    const dropOff = before === null ? 0 : Math.max(0, before - step.visits);
    return { ...step, dropOff, dropOffRate: before === null ? null : rate(dropOff, before) };
  });

  const questionRows = rows.filter((row) => row.step === 'question');
  const known = questionRows.length
    ? await db('questions')
        .whereIn(
          'key',
          questionRows.map((row) => row.detail),
        )
        .select<{ id: number; key: string; text: string; order: number }[]>('id', 'key', 'text', 'order')
    : [];
  const byKey = new Map(known.map((question) => [question.key, question]));
  const questions = questionRows
    .map((row) => {
      const question = byKey.get(row.detail);
      const movedOn = row.times.reduce((sum, count) => sum + count, 0);
      const leftHere = Math.max(0, row.visits - movedOn);
      return {
        order: question ? [0, question.order, question.id] : [1, 0, 0],
        questionKey: row.detail,
        questionId: question?.id ?? null,
        text: question?.text ?? '(a question since removed)',
        shown: row.visits,
        movedOn,
        leftHere,
        leftRate: rate(leftHere, row.visits),
        medianTime: medianTime(row.times),
      };
    })
    .sort(
      (a, b) =>
        a.order[0]! - b.order[0]! ||
        a.order[1]! - b.order[1]! ||
        a.order[2]! - b.order[2]! ||
        (a.questionKey < b.questionKey ? -1 : 1),
    )
    .map(({ order: _order, ...question }) => question);

  return {
    from,
    to,
    source,
    sources: sources.rows.filter((row) => row.visits > 0),
    steps,
    questions,
    demographicsMedianTime: medianTime(fixed('demographics')?.times ?? []),
    conversionRate: rate(visitsOf('submitted'), visitsOf('landing')),
    completionRate: rate(visitsOf('submitted'), visitsOf('started')),
  };
}
