import { Line } from '@nivo/line';
import { useIsDark } from '../../../lib/theme.js';
import { CHART_COLORS, COUNT_AXIS, lineChartTheme } from './chart-kit.js';

const HEIGHT = 300;
/** Room each period label needs along the axis. */
const LABEL_WIDTH = 72;
// Right: room for half of the last period's label, which is centred on the last point.
const MARGIN = { top: 16, right: 36, bottom: 40, left: 48 };

/** One line: a count for each period, in order. */
export type CountSeries = { id: string; data: { x: string; y: number }[] };

export interface CountLineChartProps {
  width: number;
  series: CountSeries[];
  /** Every period along the axis, in order. */
  periods: string[];
  /** What a period is called on the axis and in the tooltip. */
  periodLabel: (period: string) => string;
  lineWidth: number;
  /** Size of a point while the periods are few enough to mark; none past two years' months. */
  pointSize: number;
  enableArea?: boolean;
  ariaLabel: string;
}

/**
 * Counts over time as lines, the way every line chart of the Analytics screen draws them. nivo's
 * line chart is large: only the lazily loaded charts import this.
 */
export function CountLineChart({
  width,
  series,
  periods,
  periodLabel,
  lineWidth,
  pointSize,
  enableArea = false,
  ariaLabel,
}: CountLineChartProps) {
  const isDark = useIsDark();
  const palette = isDark ? CHART_COLORS.dark : CHART_COLORS.light;
  // Every period when they fit, else every second, third… so the labels never overlap.
  const fit = Math.max(1, Math.floor((width - MARGIN.left - MARGIN.right) / LABEL_WIDTH));
  const step = Math.ceil(periods.length / fit);
  const tickValues = periods.filter((_, index) => index % step === 0);
  const maxCount = Math.max(0, ...series.flatMap((line) => line.data.map((point) => point.y)));

  return (
    <Line<CountSeries>
      width={width}
      height={HEIGHT}
      data={series}
      margin={MARGIN}
      xScale={{ type: 'point' }}
      // Whole submissions: at least a scale of 0-4, so one submission does not fill the chart.
      yScale={{ type: 'linear', min: 0, max: Math.max(4, Math.ceil(maxCount * 1.1)) }}
      // Straight lines: the periods are counts, and a smoothed curve would suggest values between them.
      curve="linear"
      // In the theme's series colours, in order: the legend beside a chart of several lines follows them.
      colors={[...palette.series]}
      lineWidth={lineWidth}
      enableArea={enableArea}
      areaOpacity={0.12}
      pointSize={periods.length > 24 ? 0 : pointSize}
      pointColor={palette.tooltipBg}
      pointBorderWidth={2}
      pointBorderColor={{ from: 'seriesColor' }}
      enableGridX={false}
      gridYValues={5}
      axisLeft={COUNT_AXIS}
      axisBottom={{ tickValues, tickSize: 0, tickPadding: 10, format: (value: string) => periodLabel(value) }}
      xFormat={(value) => periodLabel(String(value))}
      useMesh
      enableCrosshair={false}
      animate={false}
      role="img"
      ariaLabel={ariaLabel}
      theme={lineChartTheme(isDark)}
    />
  );
}
