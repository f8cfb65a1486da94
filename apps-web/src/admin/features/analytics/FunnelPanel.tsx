import { Card, Classes, FormGroup, HTMLSelect, HTMLTable, InputGroup } from '@blueprintjs/core';
import type { Funnel } from '@msp/shared/browser';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState } from 'react';
import { queryKey } from '../../../lib/query-keys.js';
import { useApi } from '../../../platform/platform-context.js';
import { useAdminQuery } from '../../api/admin-query.js';
import { LoadFailedState } from '../../components/LoadFailedState.js';
import {
  defaultFunnelRange,
  formatFunnelTime,
  formatRate,
  funnelRangeProblem,
  isEmptyFunnel,
} from './funnel-summary.js';
import './funnel.css';
import { ChartLoading } from './ChartLoading.js';

// nivo's funnel is loaded only when there are visits to draw.
const FunnelChart = lazy(() => import('./FunnelChart.js'));

const count = new Intl.NumberFormat('en-US');

interface FunnelFilter {
  from: string;
  to: string;
  /** '' for every source. */
  source: string;
}

/** GET /api/admin/analytics/funnel for one range and source. */
function useFunnel(filter: FunnelFilter, enabled: boolean) {
  const api = useApi();
  return useAdminQuery(
    queryOptions({
      queryKey: queryKey('getFunnel', filter),
      queryFn: ({ signal }) =>
        api.call('getFunnel', {
          query: { from: filter.from, to: filter.to, ...(filter.source && { source: filter.source }) },
          signal,
        }),
      enabled,
      // A new range keeps the last figures on screen (dimmed) instead of flashing the skeleton.
      placeholderData: keepPreviousData,
    }),
  );
}

function FunnelFigures({ funnel }: { funnel: Funnel }) {
  const submitted = funnel.steps.find((step) => step.step === 'submitted')?.visits ?? 0;
  return (
    <dl className="admin-info admin-list admin-list--grid analytics-funnel__figures">
      <div>
        <dt>Conversion</dt>
        <dd>{formatRate(funnel.conversionRate)}</dd>
        <dd className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`}>of landing page visits submitted</dd>
      </div>
      <div>
        <dt>Completion</dt>
        <dd>{formatRate(funnel.completionRate)}</dd>
        <dd className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`}>of started assessments submitted</dd>
      </div>
      <div>
        <dt>Submitted</dt>
        <dd>{count.format(submitted)}</dd>
        <dd className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`}>visits that submitted</dd>
      </div>
      <div>
        <dt>About you</dt>
        <dd>{formatFunnelTime(funnel.demographicsMedianTime)}</dd>
        <dd className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`}>median time on the first step</dd>
      </div>
    </dl>
  );
}

/** Every step's visits and drop-off: the chart's figures, for everyone. */
function StepsTable({ funnel }: { funnel: Funnel }) {
  return (
    <div className="admin-table-wrap" role="region" aria-label="Visits at each step" tabIndex={0}>
      <HTMLTable compact className="admin-table analytics-funnel__table">
        <caption className={Classes.TEXT_MUTED}>Visits at each step</caption>
        <thead>
          <tr>
            <th scope="col">Step</th>
            <th scope="col" className="admin-number">
              Visits
            </th>
            <th scope="col" className="admin-number">
              Left before
            </th>
          </tr>
        </thead>
        <tbody>
          {funnel.steps.map((step) => (
            <tr key={step.id}>
              <th scope="row">{step.label}</th>
              <td className="admin-number admin-nowrap">{count.format(step.visits)}</td>
              <td className="admin-number admin-nowrap">
                {step.dropOffRate === null
                  ? '—'
                  : `${count.format(step.dropOff)} (${formatRate(step.dropOffRate)})`}
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}

/** Each question's own figures: questions come in a random order, so each is counted by itself too. */
function QuestionsTable({ funnel }: { funnel: Funnel }) {
  if (funnel.questions.length === 0) return null;
  return (
    <div className="admin-table-wrap" role="region" aria-label="Drop-off and time per question" tabIndex={0}>
      <HTMLTable compact className="admin-table analytics-funnel__table">
        <caption className={Classes.TEXT_MUTED}>Drop-off and median time per question</caption>
        <thead>
          <tr>
            <th scope="col">Question</th>
            <th scope="col" className="admin-number">
              Shown
            </th>
            <th scope="col" className="admin-number">
              Left here
            </th>
            <th scope="col" className="admin-number">
              Median time
            </th>
          </tr>
        </thead>
        <tbody>
          {funnel.questions.map((question) => (
            <tr key={question.questionKey}>
              <th scope="row">{question.text}</th>
              <td className="admin-number admin-nowrap">{count.format(question.shown)}</td>
              <td className="admin-number admin-nowrap">
                {count.format(question.leftHere)} ({formatRate(question.leftRate)})
              </td>
              <td className="admin-number admin-nowrap">{formatFunnelTime(question.medianTime)}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}

/**
 * The visitors' funnel on the Analytics screen: visits at each step from the landing page to the
 * results, where visitors leave, the overall conversion and the time per question, for a range of
 * days and a campaign source. Counted without cookies; nothing in it identifies a visitor.
 */
export function FunnelPanel() {
  const ids = useId();
  const [filter, setFilter] = useState<FunnelFilter>(() => ({ ...defaultFunnelRange(), source: '' }));
  const problem = funnelRangeProblem(filter.from, filter.to);
  const funnel = useFunnel(filter, problem === null);
  const sources = funnel.data?.sources ?? [];
  const headingId = `${ids}-heading`;

  let body;
  if (problem !== null) {
    body = (
      <p className="admin-empty" role="alert">
        {problem}
      </p>
    );
  } else if (funnel.isPending) {
    body = <ChartLoading label="Loading the funnel" />;
  } else if (funnel.isError) {
    body = (
      <LoadFailedState
        title="Failed to Load the Funnel"
        description="Unable to fetch the visitor funnel. Please try again later."
        query={funnel}
      />
    );
  } else if (isEmptyFunnel(funnel.data)) {
    body = <p className="admin-empty">No visits counted in this period</p>;
  } else {
    body = (
      <div
        className={funnel.isPlaceholderData ? 'admin-list admin-stale' : 'admin-list'}
        aria-busy={funnel.isFetching}
      >
        <FunnelFigures funnel={funnel.data} />
        <div className="analytics-columns">
          <Suspense fallback={<ChartLoading label="Loading chart" />}>
            <FunnelChart steps={funnel.data.steps} />
          </Suspense>
          <StepsTable funnel={funnel.data} />
        </div>
        <QuestionsTable funnel={funnel.data} />
      </div>
    );
  }

  return (
    <Card className="admin-card admin-list" role="region" aria-labelledby={headingId}>
      <h2 id={headingId} className="admin-title">
        Visitor funnel
      </h2>
      <p className="admin-muted">
        Visits at each step, counted once per visit without cookies. Questions come in a random order, so each
        question’s drop-off is counted on its own below.
      </p>
      <div className="admin-inline">
        <FormGroup label="From" labelFor={`${ids}-from`}>
          <InputGroup
            id={`${ids}-from`}
            type="date"
            value={filter.from}
            max={filter.to || undefined}
            onValueChange={(from) => setFilter((previous) => ({ ...previous, from }))}
          />
        </FormGroup>
        <FormGroup label="To" labelFor={`${ids}-to`}>
          <InputGroup
            id={`${ids}-to`}
            type="date"
            value={filter.to}
            min={filter.from || undefined}
            onValueChange={(to) => setFilter((previous) => ({ ...previous, to }))}
          />
        </FormGroup>
        <FormGroup label="Source" labelFor={`${ids}-source`}>
          <HTMLSelect
            id={`${ids}-source`}
            value={filter.source}
            onChange={(event) =>
              setFilter((previous) => ({ ...previous, source: event.currentTarget.value }))
            }
          >
            <option value="">All sources</option>
            {filter.source && !sources.some((entry) => entry.source === filter.source) && (
              <option value={filter.source}>{filter.source}</option>
            )}
            {sources.map((entry) => (
              <option key={entry.source} value={entry.source}>
                {entry.source} ({count.format(entry.visits)})
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
      </div>
      {body}
    </Card>
  );
}
