import { ResponsiveLine } from '@nivo/line';
import type { VisitorAssessment } from '@msp/shared/browser';
import { CHART_SURFACE, chartTooltipTheme } from '../../lib/chart-tooltip.js';
import { useIsDark } from '../../lib/theme.js';
import { useT } from '../../lib/i18n/i18n-context.js';

/** Loaded on demand (React.lazy): nivo's line chart is large, and only "Your assessments" draws it here. */

const PALETTE = {
  light: {
    ...CHART_SURFACE.light,
    text: '#404854',
    grid: '#e5e8eb',
    series: ['#2d72d2', '#238551', '#c87619', '#ac2f33', '#7961db', '#147eb3'],
  },
  dark: {
    ...CHART_SURFACE.dark,
    text: '#abb3bf',
    grid: '#383e47',
    series: ['#4c90f0', '#32a467', '#ec9a3c', '#e76a6e', '#9881f3', '#3fa6da'],
  },
} as const;

type Series = { id: string; data: { x: string; y: number }[] };

/**
 * Each pillar's score (percent) at each assessment, oldest on the left: one line a pillar, matched
 * by its lasting key, so a renamed pillar stays one line. The x values are the assessments' order
 * (two taken on one day are two points); the axis shows their dates.
 */
export default function PillarHistoryChart({
  assessments,
  dateLabel,
}: {
  /** Newest first, as the history lists them. */
  assessments: VisitorAssessment[];
  dateLabel: (iso: string) => string;
}) {
  const t = useT();
  const isDark = useIsDark();
  const palette = isDark ? PALETTE.dark : PALETTE.light;
  const oldestFirst = [...assessments].reverse();
  const names = new Map<string, string>();
  for (const assessment of assessments)
    for (const pillar of assessment.pillars)
      if (!names.has(pillar.pillarKey)) names.set(pillar.pillarKey, pillar.pillarName);
  const series: Series[] = [...names].map(([key, name]) => ({
    id: name,
    data: oldestFirst.flatMap((assessment, index) => {
      const pillar = assessment.pillars.find((p) => p.pillarKey === key);
      return pillar ? [{ x: String(index), y: pillar.percentage }] : [];
    }),
  }));
  const dateOf = (x: string) => dateLabel(oldestFirst[Number(x)]?.submittedAt ?? '');
  return (
    <>
      <div className="my-chart__canvas">
        <ResponsiveLine<Series>
          data={series}
          // Right and left: room for half of the first and last dates, centred on their points.
          margin={{ top: 16, right: 52, bottom: 40, left: 52 }}
          xScale={{ type: 'point' }}
          yScale={{ type: 'linear', min: 0, max: 100 }}
          curve="linear"
          colors={[...palette.series]}
          lineWidth={2}
          pointSize={7}
          pointColor={palette.surface}
          pointBorderWidth={2}
          pointBorderColor={{ from: 'seriesColor' }}
          enableGridX={false}
          gridYValues={[0, 25, 50, 75, 100]}
          axisLeft={{
            tickValues: [0, 25, 50, 75, 100],
            tickSize: 0,
            tickPadding: 8,
            format: (v: number) => `${v}%`,
          }}
          axisBottom={{ tickSize: 0, tickPadding: 10, format: (x: string) => dateOf(x) }}
          xFormat={(x) => dateOf(String(x))}
          yFormat={(y) => `${Number(y).toFixed(1)}%`}
          useMesh
          enableCrosshair={false}
          animate={false}
          role="img"
          ariaLabel={t('my.chart.description')}
          theme={{
            text: { fill: palette.text, fontSize: 12 },
            axis: { ticks: { text: { fill: palette.text } } },
            grid: { line: { stroke: palette.grid } },
            tooltip: chartTooltipTheme(isDark),
          }}
        />
      </div>
      {/* The lines' names, in their colours: nivo's own legend does not wrap on a phone. */}
      <ul className="my-chart__legend">
        {series.map((line, index) => (
          <li key={line.id}>
            <span
              className="my-chart__swatch"
              style={{ background: palette.series[index % palette.series.length] }}
              aria-hidden
            />
            {line.id}
          </li>
        ))}
      </ul>
    </>
  );
}
