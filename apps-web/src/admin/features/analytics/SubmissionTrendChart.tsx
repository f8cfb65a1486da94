import { Line } from '@nivo/line';
import type { Analytics } from '@msp/shared/browser';
import { useIsDark } from '../../../lib/theme.js';
import { continuousMonths, monthLabel } from './analytics-summary.js';
import { CHART_COLORS, COUNT_AXIS, lineChartTheme, useElementWidth } from './chart-kit.js';

/**
 * Loaded on demand (React.lazy): nivo's line chart is large and only this screen draws it, so it
 * stays out of the landing page's bundle and the rest of the portal's.
 */

const HEIGHT = 300;
/** Room each month label needs along the axis. */
const LABEL_WIDTH = 72;

type Series = { id: string; data: { x: string; y: number }[] };

/** Submissions per month as a line, every month from the first to the last. */
export default function SubmissionTrendChart({ trends }: { trends: Analytics['submissionTrends'] }) {
  const palette = useIsDark() ? CHART_COLORS.dark : CHART_COLORS.light;
  const { ref, width } = useElementWidth();
  const months = continuousMonths(trends);
  const data: Series[] = [
    { id: 'Submissions', data: months.map((month) => ({ x: month.month, y: month.count })) },
  ];
  // Right: room for half of the last month's label, which is centred on the last point.
  const margin = { top: 16, right: 36, bottom: 40, left: 48 };
  // Every month when they fit, else every second, third… so the labels never overlap.
  const fit = Math.max(1, Math.floor((width - margin.left - margin.right) / LABEL_WIDTH));
  const step = Math.ceil(months.length / fit);
  const tickValues = months.filter((_, index) => index % step === 0).map((month) => month.month);
  const maxCount = Math.max(0, ...months.map((month) => month.count));
  const description = months.map((month) => `${monthLabel(month.month)}: ${month.count}`).join('; ');

  return (
    <div ref={ref} className="analytics-chart">
      {width > 0 && (
        <Line<Series>
          width={width}
          height={HEIGHT}
          data={data}
          margin={margin}
          xScale={{ type: 'point' }}
          // Whole submissions: at least a scale of 0-4, so one submission does not fill the chart.
          yScale={{ type: 'linear', min: 0, max: Math.max(4, Math.ceil(maxCount * 1.1)) }}
          // Straight lines: the months are counts, and a smoothed curve would suggest values between them.
          curve="linear"
          colors={[palette.series[0]]}
          lineWidth={2.5}
          enableArea
          areaOpacity={0.12}
          pointSize={months.length > 24 ? 0 : 8}
          pointColor={palette.tooltipBg}
          pointBorderWidth={2}
          pointBorderColor={{ from: 'seriesColor' }}
          enableGridX={false}
          gridYValues={5}
          axisLeft={COUNT_AXIS}
          axisBottom={{
            tickValues,
            tickSize: 0,
            tickPadding: 10,
            format: (value: string) => monthLabel(value),
          }}
          xFormat={(value) => monthLabel(String(value))}
          useMesh
          enableCrosshair={false}
          animate={false}
          role="img"
          ariaLabel={`Line chart of submissions per month. ${description}`}
          theme={lineChartTheme(palette)}
        />
      )}
    </div>
  );
}
