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

type SourcesQuery = ParsedQuery<typeof analyticsRoutes.getSourcesAnalytics>;

const DAY_MS = 86_400_000;

/** The period a calendar day (YYYY-MM-DD) falls in. */
function periodOf(day: string, interval: SourceInterval): string {
  return interval === 'day' ? day : day.slice(0, 7);
}

/** Every period from the one holding `first` to the one holding `last`, both days YYYY-MM-DD. */
function periodsBetween(first: string, last: string, interval: SourceInterval): string[] {
  const periods: string[] = [];
  if (interval === 'day') {
    for (let at = Date.parse(`${first}T00:00:00Z`); at <= Date.parse(`${last}T00:00:00Z`); at += DAY_MS) {
      periods.push(new Date(at).toISOString().slice(0, 10));
      if (periods.length > SOURCE_PERIODS_MAX) break;
    }
    return periods;
  }
  let [year, month] = first.split('-').map(Number) as [number, number];
  const end = last.slice(0, 7);
  for (;;) {
    const period = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
    if (period > end || periods.length > SOURCE_PERIODS_MAX) break;
    periods.push(period);
    month += 1;
    if (month > 12) [year, month] = [year + 1, 1];
  }
  return periods;
}

function daysBefore(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);
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
 * Submissions per source and per campaign, per day or month, summed from the daily aggregate the
 * submission trigger keeps: a few rows per day whatever the number of submissions. A range of more
 * than SOURCE_PERIODS_MAX periods is refused; without a start, days count back at most that many.
 */
export async function sourcesAnalytics(db: Database, query: SourcesQuery): Promise<SourcesAnalytics> {
  const { interval } = query;
  const today = new Date().toISOString().slice(0, 10);
  const startDate =
    query.startDate ??
    (interval === 'day' ? daysBefore(query.endDate ?? today, SOURCE_PERIODS_MAX - 1) : undefined);
  if (query.startDate && query.endDate) {
    if (periodsBetween(query.startDate, query.endDate, interval).length > SOURCE_PERIODS_MAX) {
      throw new InvalidFieldError(
        'query.startDate',
        `must leave at most ${SOURCE_PERIODS_MAX} ${interval === 'day' ? 'days' : 'months'} to the end date`,
      );
    }
  }

  const rows = await db('submission_stats_sources')
    .select(db.raw(`to_char(day, 'YYYY-MM-DD') as day`), 'source', 'campaign')
    .sum<{ day: string; source: string; campaign: string; submissions: string | number }[]>({
      submissions: 'submissions',
    })
    .modify((builder) => {
      if (startDate) builder.where('day', '>=', startDate);
      if (query.endDate) builder.where('day', '<=', query.endDate);
    })
    .groupBy('day', 'source', 'campaign')
    .havingRaw('sum(submissions) <> 0')
    .orderBy('day');

  const first = startDate ?? rows[0]?.day;
  const last = query.endDate ?? rows[rows.length - 1]?.day ?? (startDate ? today : undefined);
  const periods = first && last ? periodsBetween(first, last, interval) : [];
  if (periods.length > SOURCE_PERIODS_MAX) {
    throw new InvalidFieldError(
      query.startDate ? 'query.startDate' : 'query.endDate',
      `must leave at most ${SOURCE_PERIODS_MAX} ${interval === 'day' ? 'days' : 'months'} in the range`,
    );
  }
  const index = new Map(periods.map((period, at) => [period, at]));
  const sources = new Map<string, number[]>();
  const campaigns = new Map<string, number[]>();
  const add = (byName: Map<string, number[]>, name: string, at: number, count: number) => {
    let counts = byName.get(name);
    if (!counts) byName.set(name, (counts = periods.map(() => 0)));
    counts[at] = counts[at]! + count;
  };
  let totalSubmissions = 0;
  for (const row of rows) {
    const at = index.get(periodOf(row.day, interval));
    if (at === undefined) continue;
    const count = Number(row.submissions);
    totalSubmissions += count;
    add(sources, row.source, at, count);
    add(campaigns, row.campaign, at, count);
  }
  return { interval, periods, totalSubmissions, sources: busiest(sources), campaigns: busiest(campaigns) };
}
