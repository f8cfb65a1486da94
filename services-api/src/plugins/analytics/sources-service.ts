import {
  SOURCE_PERIODS_MAX,
  SOURCES_LISTED_MAX,
  type ParsedQuery,
  type SourceInterval,
  type SourceSeries,
  type SourcesAnalytics,
  type analyticsRoutes,
} from '@msp/shared';
import type { Database } from '../../db/knex.js';
import { InvalidFieldError } from '../../domain/errors.js';
import { addDays, DAY_MS } from '../../domain/days.js';

type SourcesQuery = ParsedQuery<typeof analyticsRoutes.getSourcesAnalytics>;

/** Every period from the one holding `first` to the one holding `last`, both days YYYY-MM-DD. */
function periodsBetween(first: string, last: string, interval: SourceInterval): string[] {
  const periods: string[] = [];
  if (interval === 'day') {
    for (let at = Date.parse(`${first}T00:00:00Z`); at <= Date.parse(`${last}T00:00:00Z`); at += DAY_MS) {
      periods.push(new Date(at).toISOString().slice(0, 10));
      if (periods.length > SOURCE_PERIODS_MAX.day) break;
    }
    return periods;
  }
  let [year, month] = first.split('-').map(Number) as [number, number];
  const end = last.slice(0, 7);
  for (;;) {
    const period = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
    if (period > end || periods.length > SOURCE_PERIODS_MAX.month) break;
    periods.push(period);
    month += 1;
    if (month > 12) [year, month] = [year + 1, 1];
  }
  return periods;
}

/** The aggregate's dimensions, each by the answer's list of it. */
const DIMENSIONS = {
  source: 'sources',
  medium: 'mediums',
  campaign: 'campaigns',
  ref: 'refs',
  language: 'languages',
} as const;
type Dimension = keyof typeof DIMENSIONS;

interface PeriodRow {
  /** A dimension, or one of a language (`source:de`). */
  dimension: string;
  /** YYYY-MM-DD for a day, YYYY-MM for a month. */
  period: string;
  value: string;
  submissions: string | number;
}

/** A period's first day: itself for a day, the 1st for a month. */
function periodStart(period: string): string {
  return period.length === 7 ? `${period}-01` : period;
}

/** The last month a date filter reaches (the contract's dates end at 9999-12-30). */
const LAST_MONTH = '9999-12-01';

/** The first day of the month after the one holding `day`. */
function nextMonth(day: string): string {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);
}

/** Daily counts per dimension and value within the days given (both included), as day periods. */
function dailyRows(
  db: Database,
  dimensions: readonly string[],
  from: string | undefined,
  to: string | undefined,
  asMonths = false,
) {
  return db('submission_stats_sources')
    .select('dimension', db.raw(`to_char(day, ?) as period`, [asMonths ? 'YYYY-MM' : 'YYYY-MM-DD']), 'value')
    .sum<PeriodRow[]>({ submissions: 'submissions' })
    .whereIn('dimension', dimensions)
    .modify((builder) => {
      if (from) builder.where('day', '>=', from);
      if (to) builder.where('day', '<=', to);
    })
    .groupBy('dimension', 'period', 'value')
    .havingRaw('sum(submissions) <> 0');
}

/**
 * Monthly counts within the days given: whole months from the monthly aggregate (a few rows a
 * month), and the days of a month the range cuts into from the daily one.
 */
async function monthlyRows(
  db: Database,
  dimensions: readonly string[],
  from: string | undefined,
  to: string | undefined,
): Promise<PeriodRow[]> {
  const isFirst = (day: string) => day.endsWith('-01');
  const isLast = (day: string) => addDays(day, 1).endsWith('-01');
  const monthOf = (day: string) => `${day.slice(0, 7)}-01`;
  if (from && to && monthOf(from) === monthOf(to) && !(isFirst(from) && isLast(to))) {
    return dailyRows(db, dimensions, from, to, true);
  }
  const parts: Promise<PeriodRow[]>[] = [];
  let wholeFrom = from;
  let wholeTo = to && monthOf(to);
  // No month follows December 9999: a range starting in it is that month's days alone.
  if (from && monthOf(from) === LAST_MONTH) return dailyRows(db, dimensions, from, to, true);
  if (from && !isFirst(from)) {
    wholeFrom = nextMonth(from);
    parts.push(dailyRows(db, dimensions, from, addDays(wholeFrom, -1), true));
  }
  if (to && !isLast(to)) {
    wholeTo = `${previousMonth(to)}-01`;
    parts.push(dailyRows(db, dimensions, monthOf(to), to, true));
  }
  parts.push(
    db('submission_stats_sources_monthly')
      .select('dimension', db.raw(`to_char(month, 'YYYY-MM') as period`), 'value')
      .sum<PeriodRow[]>({ submissions: 'submissions' })
      .whereIn('dimension', dimensions)
      .modify((builder) => {
        if (wholeFrom) builder.where('month', '>=', wholeFrom);
        if (wholeTo) builder.where('month', '<=', wholeTo);
      })
      .groupBy('dimension', 'period', 'value')
      .havingRaw('sum(submissions) <> 0'),
  );
  return (await Promise.all(parts)).flat();
}

/** YYYY-MM of the month before the one holding `day`. */
function previousMonth(day: string): string {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month - 2, 1)).toISOString().slice(0, 7);
}

/** The busiest names first (ties by name, no source last), at most SOURCES_LISTED_MAX. */
function busiest(byName: Map<string, number[]>): SourceSeries[] {
  return [...byName.entries()]
    .map(([name, counts]) => ({
      name: name === '' ? null : name,
      submissions: counts.reduce((sum, count) => sum + count, 0),
      counts,
    }))
    .filter((series) => series.submissions > 0)
    .sort(
      (a, b) =>
        b.submissions - a.submissions ||
        (a.name === null ? 1 : b.name === null ? -1 : a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
    )
    .slice(0, SOURCES_LISTED_MAX);
}

/**
 * The aggregate's dimensions to read, each with the dimension it counts in. Narrowed to a language,
 * the attribution dimensions are read from their copies kept for it (`source:de`): a few rows per
 * period, as without, where filtering the submissions themselves would read nearly a million rows
 * for English. The language dimension is read whole, its other languages skipped.
 */
function readDimensions(language: string | undefined): Map<string, Dimension> {
  const read = new Map<string, Dimension>([['language', 'language']]);
  for (const dimension of ['source', 'medium', 'campaign', 'ref'] as const) {
    read.set(language ? `${dimension}:${language}` : dimension, dimension);
  }
  return read;
}

/**
 * Submissions per source and per campaign, per day or month, summed from the daily and monthly
 * aggregates the submission trigger keeps: a few rows per period whatever the number of
 * submissions. A range of more than SOURCE_PERIODS_MAX periods is refused; without a start, days
 * count back at most that many.
 */
export async function sourcesAnalytics(db: Database, query: SourcesQuery): Promise<SourcesAnalytics> {
  const { interval } = query;
  const today = new Date().toISOString().slice(0, 10);
  const startDate =
    query.startDate ??
    (interval === 'day' ? addDays(query.endDate ?? today, -(SOURCE_PERIODS_MAX.day - 1)) : undefined);
  if (query.startDate && query.endDate) {
    if (periodsBetween(query.startDate, query.endDate, interval).length > SOURCE_PERIODS_MAX[interval]) {
      throw new InvalidFieldError(
        'query.startDate',
        `must leave at most ${SOURCE_PERIODS_MAX[interval]} ${interval === 'day' ? 'days' : 'months'} to the end date`,
      );
    }
  }

  const { language } = query;
  const read = readDimensions(language);
  const rows =
    interval === 'day'
      ? await dailyRows(db, [...read.keys()], startDate, query.endDate)
      : await monthlyRows(db, [...read.keys()], startDate, query.endDate);
  const byPeriod = rows.map((row) => row.period).sort();

  const first = startDate ?? (byPeriod[0] && periodStart(byPeriod[0]));
  const last =
    query.endDate ?? (byPeriod.at(-1) && periodStart(byPeriod.at(-1)!)) ?? (startDate ? today : undefined);
  const periods = first && last ? periodsBetween(first, last, interval) : [];
  if (periods.length > SOURCE_PERIODS_MAX[interval]) {
    throw new InvalidFieldError(
      query.startDate ? 'query.startDate' : 'query.endDate',
      `must leave at most ${SOURCE_PERIODS_MAX[interval]} ${interval === 'day' ? 'days' : 'months'} in the range`,
    );
  }
  const index = new Map(periods.map((period, at) => [period, at]));
  const series = new Map<Dimension, Map<string, number[]>>(
    Object.keys(DIMENSIONS).map((dimension) => [dimension as Dimension, new Map()]),
  );
  let totalSubmissions = 0;
  for (const row of rows) {
    const at = index.get(row.period);
    const dimension = read.get(row.dimension);
    const byName = dimension && series.get(dimension);
    if (at === undefined || !byName) continue;
    if (dimension === 'language' && language && row.value !== language) continue;
    const count = Number(row.submissions);
    // Every submission has one value (maybe none, '') in each dimension: one of them totals.
    if (dimension === 'source') totalSubmissions += count;
    let counts = byName.get(row.value);
    if (!counts) byName.set(row.value, (counts = periods.map(() => 0)));
    counts[at] = counts[at]! + count;
  }
  const listed = (dimension: Dimension) => busiest(series.get(dimension)!);
  return {
    interval,
    periods,
    totalSubmissions,
    sources: listed('source'),
    mediums: listed('medium'),
    campaigns: listed('campaign'),
    refs: listed('ref'),
    languages: listed('language'),
  };
}
