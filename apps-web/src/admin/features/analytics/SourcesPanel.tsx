import { Card, Classes, FormGroup, HTMLSelect, HTMLTable } from '@blueprintjs/core';
import type { ApiClient, SourceInterval, SourcesAnalytics, SourceSeries } from '@msp/shared/browser';
import { queryOptions } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { queryKey } from '../../../lib/query-keys.js';
import { useIsDark } from '../../../lib/theme.js';
import { useApi } from '../../../platform/platform-context.js';
import { useAdminQuery } from '../../api/admin-query.js';
import { useQueryErrorToast } from '../../api/use-error-toast.js';
import { LoadFailedState } from '../../components/LoadFailedState.js';
import { languageLabel, useOfferedLanguages } from '../../lib/languages.js';
import { monthLabel } from './analytics-summary.js';
import { CHART_COLORS, useElementWidth } from './chart-kit.js';
import { ChartLoading } from './ChartLoading.js';
import { CountLineChart, type CountSeries } from './CountLineChart.js';

/**
 * Submissions per source and per campaign over time (loaded on demand with nivo's line chart, so
 * it stays out of every other bundle): the busiest few drawn as lines, every one listed below.
 */

/** Days counted back for the per-day view: a quarter reads well as a line. */
const DAYS_SHOWN = 90;
/** Lines drawn at most: more are a tangle, and the table lists every one anyway. */
const LINES_MAX = 6;

/** What the card can show submissions by: each a list of the answer, with its words on screen. */
const DIMENSIONS = {
  sources: { label: 'Sources', column: 'Source', none: '(none)' },
  mediums: { label: 'Mediums', column: 'Medium', none: '(no medium)' },
  campaigns: { label: 'Campaigns', column: 'Campaign', none: '(no campaign)' },
  refs: { label: 'Referral codes', column: 'Referral code', none: '(no referral code)' },
  languages: { label: 'Languages', column: 'Language', none: '(none)' },
} as const;
type Dimension = keyof typeof DIMENSIONS;

const count = new Intl.NumberFormat('en-US');
const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

function daysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * GET /api/admin/analytics/sources: per month over every submission, or per day for the last 90;
 * with a language, only the submissions taken in it.
 */
const sourcesQuery = (api: ApiClient, interval: SourceInterval, language: string) =>
  queryOptions({
    queryKey: queryKey('getSourcesAnalytics', { interval, language }),
    queryFn: ({ signal }) =>
      api.call('getSourcesAnalytics', {
        query: {
          interval,
          ...(interval === 'day' ? { startDate: daysAgo(DAYS_SHOWN - 1) } : {}),
          ...(language ? { language } : {}),
        },
        signal,
      }),
  });

/** What a source (medium, campaign, referral code) is called on screen; null is a visit that brought none. */
function seriesName(series: Pick<SourceSeries, 'name'>, dimension: Dimension): string {
  if (series.name === null) return DIMENSIONS[dimension].none;
  return dimension === 'languages' ? languageLabel(series.name) : series.name;
}

function periodLabel(period: string, interval: SourceInterval): string {
  return interval === 'day' ? dayFormat.format(new Date(`${period}T00:00:00Z`)) : monthLabel(period);
}

function SourcesChart({ analytics, dimension }: { analytics: SourcesAnalytics; dimension: Dimension }) {
  const palette = useIsDark() ? CHART_COLORS.dark : CHART_COLORS.light;
  const { ref, width } = useElementWidth();
  const { periods, interval } = analytics;
  const drawn = analytics[dimension].slice(0, LINES_MAX);
  const data: CountSeries[] = drawn.map((series) => ({
    id: seriesName(series, dimension),
    data: periods.map((period, at) => ({ x: period, y: series.counts[at] ?? 0 })),
  }));
  const description = data
    .map((series) => `${series.id}: ${count.format(drawn[data.indexOf(series)]!.submissions)}`)
    .join('; ');

  return (
    <div ref={ref}>
      {width > 0 && (
        <CountLineChart
          width={width}
          series={data}
          periods={periods}
          periodLabel={(period) => periodLabel(period, interval)}
          lineWidth={2}
          pointSize={6}
          ariaLabel={`Lines of the ${drawn.length} busiest ${DIMENSIONS[dimension].label.toLowerCase()}, submissions per ${interval}. Totals: ${description}`}
        />
      )}
      <ul className="admin-inline admin-note" aria-hidden>
        {data.map((series, index) => (
          <li key={series.id}>
            <span className="sources-legend__swatch" style={{ background: palette.series[index] }} />
            {series.id}
          </li>
        ))}
      </ul>
    </div>
  );
}

function SourcesTable({ analytics, dimension }: { analytics: SourcesAnalytics; dimension: Dimension }) {
  const { totalSubmissions } = analytics;
  const label = DIMENSIONS[dimension].column;
  return (
    <div className="admin-table-wrap">
      <HTMLTable compact className="admin-table">
        <caption className="visually-hidden">Submissions per {label.toLowerCase()}</caption>
        <thead>
          <tr>
            <th scope="col">{label}</th>
            <th scope="col" className="admin-number admin-nowrap">
              Submissions
            </th>
            <th scope="col" className="admin-number admin-nowrap">
              Share
            </th>
          </tr>
        </thead>
        <tbody>
          {analytics[dimension].map((series) => (
            <tr key={series.name ?? ''}>
              <th scope="row" className={series.name === null ? Classes.TEXT_MUTED : undefined}>
                {seriesName(series, dimension)}
              </th>
              <td className="admin-number admin-nowrap">{count.format(series.submissions)}</td>
              <td className="admin-number admin-nowrap">
                {totalSubmissions > 0
                  ? `${Math.round((series.submissions / totalSubmissions) * 1000) / 10}%`
                  : '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}

/** The Analytics screen's card of submissions per source and per campaign over time. */
export default function SourcesPanel() {
  const api = useApi();
  const [interval, setPeriodInterval] = useState<SourceInterval>('month');
  const [dimension, setDimension] = useState<Dimension>('sources');
  const [language, setLanguage] = useState('');
  const languages = useOfferedLanguages(language);
  const sources = useAdminQuery(sourcesQuery(api, interval, language));
  useQueryErrorToast(sources, 'Failed to Load Sources');
  const ids = useId();

  let body;
  if (sources.isPending) {
    body = <ChartLoading label="Loading sources" />;
  } else if (sources.isError) {
    body = (
      <LoadFailedState
        title="Failed to Load Sources"
        description="Unable to fetch submissions per source. Please try again later."
        query={sources}
      />
    );
  } else if (sources.data.totalSubmissions === 0) {
    body = (
      <p className="admin-empty">
        {interval === 'day'
          ? `No submissions in the last ${DAYS_SHOWN} days`
          : 'No submission data available'}
        {language && ` taken in ${languageLabel(language)}`}
      </p>
    );
  } else {
    body = (
      <>
        <SourcesChart analytics={sources.data} dimension={dimension} />
        <SourcesTable analytics={sources.data} dimension={dimension} />
        <p className="admin-note">
          Counted from the utm_source, utm_medium, utm_campaign and ref of the address each visitor arrived
          at: {count.format(sources.data.totalSubmissions)} submissions
          {language ? ` taken in ${languageLabel(language)}` : ' in all'}, the 20 busiest listed. The levels
          and averages above count every language alike: a translation changes the words, not the scores.
        </p>
      </>
    );
  }

  return (
    <Card className="admin-card admin-list" role="region" aria-labelledby={`${ids}-heading`}>
      <div className="admin-inline sources-card__head">
        <h2 id={`${ids}-heading`} className="admin-title">
          Submissions by source
        </h2>
        <div className="admin-inline">
          <FormGroup label="Show" labelFor={`${ids}-dimension`} inline>
            <HTMLSelect
              id={`${ids}-dimension`}
              value={dimension}
              onChange={(event) => setDimension(event.currentTarget.value as Dimension)}
              options={Object.entries(DIMENSIONS).map(([value, { label }]) => ({ value, label }))}
            />
          </FormGroup>
          <FormGroup label="Language" labelFor={`${ids}-language`} inline>
            <HTMLSelect
              id={`${ids}-language`}
              value={language}
              onChange={(event) => setLanguage(event.currentTarget.value)}
              options={[
                { value: '', label: 'All languages' },
                ...languages.map(({ tag, label }) => ({ value: tag, label })),
              ]}
            />
          </FormGroup>
          <FormGroup label="Per" labelFor={`${ids}-interval`} inline>
            <HTMLSelect
              id={`${ids}-interval`}
              value={interval}
              onChange={(event) => setPeriodInterval(event.currentTarget.value as SourceInterval)}
              options={[
                { value: 'month', label: 'Month' },
                { value: 'day', label: `Day (last ${DAYS_SHOWN})` },
              ]}
            />
          </FormGroup>
        </div>
      </div>
      {body}
    </Card>
  );
}
