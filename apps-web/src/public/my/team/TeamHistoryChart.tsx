import { ResponsiveLine } from '@nivo/line';
import type { TeamHistoryPoint } from '@msp/shared/browser';
import { CHART_SURFACE, chartTooltipTheme } from '../../../lib/chart-tooltip.js';
import { useLanguage, useT } from '../../../lib/i18n/i18n-context.js';
import { useIsDark } from '../../../lib/theme.js';
import { formatMeanLevel } from './team-view-model.js';

/** Loaded on demand (React.lazy), as the history's chart is: nivo's line chart is large. */

const PALETTE = {
  light: { ...CHART_SURFACE.light, text: '#404854', grid: '#e5e8eb', line: '#2d72d2' },
  dark: { ...CHART_SURFACE.dark, text: '#abb3bf', grid: '#383e47', line: '#4c90f0' },
} as const;

type Series = { id: string; data: { x: string; y: number }[] };

/** "Mar 2026" for a history point's month (YYYY-MM-01), read as a calendar month wherever the viewer is. */
function monthLabel(month: string, language: string): string {
  const date = new Date(`${month}T00:00:00Z`);
  return Number.isNaN(date.getTime())
    ? month
    : new Intl.DateTimeFormat(language, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(date);
}

/** The team's mean level at the end of each month, oldest on the left, on the 0–3 scale. */
export default function TeamHistoryChart({ history }: { history: readonly TeamHistoryPoint[] }) {
  const t = useT();
  const { language } = useLanguage();
  const isDark = useIsDark();
  const palette = isDark ? PALETTE.dark : PALETTE.light;
  const series: Series[] = [
    {
      id: t('team.history.meanLevel'),
      data: history.map((point) => ({ x: point.month, y: point.meanLevel })),
    },
  ];
  return (
    <div className="my-chart__canvas team-history__canvas">
      <ResponsiveLine<Series>
        data={series}
        margin={{ top: 16, right: 40, bottom: 40, left: 40 }}
        xScale={{ type: 'point' }}
        yScale={{ type: 'linear', min: 0, max: 3 }}
        curve="linear"
        colors={[palette.line]}
        lineWidth={2}
        pointSize={7}
        pointColor={palette.surface}
        pointBorderWidth={2}
        pointBorderColor={{ from: 'seriesColor' }}
        enableGridX={false}
        gridYValues={[0, 1, 2, 3]}
        axisLeft={{ tickValues: [0, 1, 2, 3], tickSize: 0, tickPadding: 8 }}
        axisBottom={{ tickSize: 0, tickPadding: 10, format: (x: string) => monthLabel(x, language) }}
        xFormat={(x) => monthLabel(String(x), language)}
        yFormat={(y) => formatMeanLevel(Number(y), language)}
        useMesh
        enableCrosshair={false}
        animate={false}
        role="img"
        ariaLabel={t('team.history.description')}
        theme={{
          text: { fill: palette.text, fontSize: 12 },
          axis: { ticks: { text: { fill: palette.text } } },
          grid: { line: { stroke: palette.grid } },
          tooltip: chartTooltipTheme(isDark),
        }}
      />
    </div>
  );
}
