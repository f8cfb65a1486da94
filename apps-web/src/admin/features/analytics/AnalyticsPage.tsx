import { Button, Callout, Card, Classes, Icon, Intent } from '@blueprintjs/core';
import { IconNames, type IconName } from '@blueprintjs/icons';
import type { Analytics } from '@msp/shared/browser';
import { lazy, Suspense } from 'react';
import { useQueryErrorToast } from '../../api/use-error-toast.js';
import { useAdminTitle } from '../../lib/use-admin-title.js';
import { formatScore, MAX_LEVEL, scoreBarPercent, summarize } from './analytics-summary.js';
import { useAnalytics } from './queries.js';
import { FunnelPanel } from './FunnelPanel.js';
import './analytics.css';
import { LoadFailedState } from '../../components/LoadFailedState.js';
import { ChartLoading } from './ChartLoading.js';

// nivo's line chart is loaded only when there is something to draw.
const SubmissionTrendChart = lazy(() => import('./SubmissionTrendChart.js'));
const SourcesPanel = lazy(() => import('./SourcesPanel.js'));

const count = new Intl.NumberFormat('en-US');

function Tile({ icon, label, value, hint }: { icon: IconName; label: string; value: string; hint: string }) {
  return (
    <li>
      <Card className="stat-tile">
        <Icon icon={icon} size={24} intent={Intent.PRIMARY} aria-hidden />
        <span className="stat-tile__text">
          <span>{label}</span>
          <span className="stat-tile__value">{value}</span>
          <span className={Classes.TEXT_SMALL}>{hint}</span>
        </span>
      </Card>
    </li>
  );
}

function AnalyticsTiles({ analytics }: { analytics: Analytics }) {
  const { totalSubmissions, averageOverallLevel, monthsOfData } = summarize(analytics);
  return (
    <ul className="tile-grid analytics-tiles" aria-label="Summary">
      <Tile
        icon={IconNames.INBOX}
        label="Total Submissions"
        value={count.format(totalSubmissions)}
        hint="Completed assessments"
      />
      <Tile
        icon={IconNames.TIMELINE_BAR_CHART}
        label="Average Overall Level"
        value={averageOverallLevel === null ? '—' : `${formatScore(averageOverallLevel)} / ${MAX_LEVEL}`}
        hint="Mean of each submission’s overall level"
      />
      <Tile
        icon={IconNames.CALENDAR}
        label="Months of Data"
        value={count.format(monthsOfData)}
        hint="Months with submissions"
      />
    </ul>
  );
}

function TrendCard({ trends }: { trends: Analytics['submissionTrends'] }) {
  const empty = trends.every((trend) => trend.count === 0);
  return (
    <Card className="admin-card" role="region" aria-labelledby="analytics-trend-heading">
      <h2 id="analytics-trend-heading" className="admin-title admin-title--head">
        Submissions per month
      </h2>
      {empty ? (
        <p className="admin-empty">No submission data available</p>
      ) : (
        <Suspense fallback={<ChartLoading label="Loading chart" />}>
          <SubmissionTrendChart trends={trends} />
        </Suspense>
      )}
    </Card>
  );
}

function PillarAveragesCard({ scores }: { scores: Analytics['averageMaturityScores'] }) {
  return (
    <Card className="admin-card" role="region" aria-labelledby="analytics-pillars-heading">
      <h2 id="analytics-pillars-heading" className="admin-title admin-title--head">
        Average maturity score by pillar
      </h2>
      {scores.length === 0 ? (
        <p className="admin-empty">No maturity score data available</p>
      ) : (
        <ul className="admin-list">
          {scores.map((score) => {
            const text = formatScore(score.averageScore);
            return (
              <li key={score.pillarKey} className="analytics-pillar">
                <span>{score.pillarName}</span>
                <span>
                  <strong>{text}</strong>
                  <span className={Classes.TEXT_MUTED}> / {MAX_LEVEL}</span>
                </span>
                <span
                  className={`${Classes.PROGRESS_BAR} ${Classes.PROGRESS_NO_STRIPES} ${Classes.INTENT_PRIMARY} analytics-pillar__bar`}
                  role="meter"
                  aria-label={`${score.pillarName} average`}
                  aria-valuemin={0}
                  aria-valuemax={MAX_LEVEL}
                  aria-valuenow={Number(text)}
                  aria-valuetext={`${text} of ${MAX_LEVEL}`}
                >
                  <span
                    className={`${Classes.PROGRESS_METER} analytics-pillar__fill`}
                    style={{ width: `${scoreBarPercent(score.averageScore)}%` }}
                  />
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}

/** How the numbers are made, and what they do not show. */
function AnalyticsNotes() {
  return (
    <div className="analytics-columns">
      <Card className="admin-card" role="region" aria-labelledby="analytics-method-heading">
        <h2 id="analytics-method-heading" className="admin-title admin-title--head">
          How scores are calculated
        </h2>
        <ul className={Classes.LIST}>
          <li>Each answer gives from 0 to 3 points to one or more pillars.</li>
          <li>
            A pillar’s score is the points earned divided by the most its answered questions could give, as a
            percentage.
          </li>
          <li>
            The percentage sets the pillar’s level: up to 20% is Level 0 (None), up to 50% Level 1 (Some), up
            to 90% Level 2 (Advanced), and above that Level 3 (Mature).
          </li>
          <li>
            A submission’s overall level is the mean of its pillar levels, rounded: the level its results page
            shows. Average Overall Level is the mean of those, over every submission.
          </li>
          <li>
            Each pillar’s average is the mean of its level, from 0 to 3, over every submission that scored the
            pillar.
          </li>
          <li>Peer comparisons on the results page use MSPs of a similar employee count and client base.</li>
        </ul>
      </Card>
      <Callout intent={Intent.PRIMARY} icon={IconNames.SHIELD} title="Privacy">
        These figures are aggregated and anonymized: they count and average submissions, and show nothing
        about any one person or company.
      </Callout>
    </div>
  );
}

/** Analytics Dashboard (/admin/analytics): submissions over time and the pillars’ averages. */
export default function AnalyticsPage() {
  useAdminTitle('Analytics Dashboard');
  const analytics = useAnalytics();
  useQueryErrorToast(analytics, 'Failed to Load Analytics');

  let content;
  if (analytics.isPending) {
    content = (
      <div role="status" aria-label="Loading analytics">
        <div className="tile-grid analytics-tiles" aria-hidden>
          {[0, 1, 2].map((index) => (
            <Card key={index} className={`stat-tile analytics-tile--skeleton ${Classes.SKELETON}`} />
          ))}
        </div>
        <Card className={`admin-card analytics-card--skeleton ${Classes.SKELETON}`} aria-hidden />
      </div>
    );
  } else if (analytics.isError) {
    content = (
      <Card>
        <LoadFailedState
          title="Failed to Load Analytics"
          description="Unable to fetch analytics data. Please try again later."
          query={analytics}
        />
      </Card>
    );
  } else {
    content = (
      <>
        <AnalyticsTiles analytics={analytics.data} />
        <div className="analytics-columns">
          <TrendCard trends={analytics.data.submissionTrends} />
          <PillarAveragesCard scores={analytics.data.averageMaturityScores} />
        </div>
        <Suspense fallback={<Card className={`admin-card analytics-card--skeleton ${Classes.SKELETON}`} />}>
          <SourcesPanel />
        </Suspense>
        <AnalyticsNotes />
      </>
    );
  }

  return (
    <div className="admin-stack">
      <header className="admin-page-header">
        <div>
          <h1 className="admin-page-header__title">Analytics Dashboard</h1>
          <p className="admin-page-header__description">
            How many MSPs take the assessment each month, and how mature they are in each pillar.
          </p>
        </div>
        {analytics.isSuccess && (
          <Button
            icon={IconNames.REFRESH}
            text="Refresh"
            variant="outlined"
            loading={analytics.isFetching}
            onClick={() => void analytics.refetch()}
          />
        )}
      </header>
      {content}
      <FunnelPanel />
    </div>
  );
}
