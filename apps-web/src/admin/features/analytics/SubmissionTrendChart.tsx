import type { Analytics } from '@msp/shared/browser';
import { continuousMonths, monthLabel } from './analytics-summary.js';
import { useElementWidth } from './chart-kit.js';
import { CountLineChart, type CountSeries } from './CountLineChart.js';

/**
 * Loaded on demand (React.lazy): nivo's line chart is large and only this screen draws it, so it
 * stays out of the landing page's bundle and the rest of the portal's.
 */

/** Submissions per month as a line, every month from the first to the last. */
export default function SubmissionTrendChart({ trends }: { trends: Analytics['submissionTrends'] }) {
  const { ref, width } = useElementWidth();
  const months = continuousMonths(trends);
  const series: CountSeries[] = [
    { id: 'Submissions', data: months.map((month) => ({ x: month.month, y: month.count })) },
  ];
  const description = months.map((month) => `${monthLabel(month.month)}: ${month.count}`).join('; ');

  return (
    <div ref={ref} className="analytics-chart">
      {width > 0 && (
        <CountLineChart
          width={width}
          series={series}
          periods={months.map((month) => month.month)}
          periodLabel={monthLabel}
          lineWidth={2.5}
          pointSize={8}
          enableArea
          ariaLabel={`Line chart of submissions per month. ${description}`}
        />
      )}
    </div>
  );
}
