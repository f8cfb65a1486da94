import { ResponsiveRadar, type RadarCustomLayerProps } from '@nivo/radar';
import type { PillarScore } from '@msp/shared/browser';
import { useMediaQuery } from '../../lib/use-media-query.js';
import { useIsDark } from '../../lib/theme.js';
import { CHART_SURFACE, chartTooltipTheme } from '../../lib/chart-tooltip.js';
import { useT } from '../../lib/i18n/i18n-context.js';
import { RADAR_MAX, radarData, radarDescription, radarValueLabel, type RadarDatum } from './radar-data.js';

/** Loaded on demand (React.lazy): nivo adds about 73 KB gzip and only this page needs it. */

type Datum = RadarDatum;

const PALETTE = {
  light: { ...CHART_SURFACE.light, text: '#404854', grid: '#c5cbd3', series: '#2d72d2' },
  dark: { ...CHART_SURFACE.dark, text: '#d3d8de', grid: '#4d5560', series: '#4c90f0' },
} as const;

/** Level numbers along the top axis, so the 0-3 scale can be read off the chart. */
function LevelScale({ centerX, centerY, radiusScale }: RadarCustomLayerProps<Datum>) {
  return (
    <g aria-hidden="true">
      {[1, 2, 3].map((level) => (
        <text
          key={level}
          x={centerX - 5}
          // Just inside its ring, so the top ring's 3 clears the first pillar's name above it.
          y={centerY - radiusScale(level) + 3}
          textAnchor="end"
          dominantBaseline="hanging"
          className="radar-scale-label"
          fontSize={11}
          fontWeight={600}
        >
          {level}
        </text>
      ))}
    </g>
  );
}

export default function PillarRadarChart({ scores }: { scores: readonly PillarScore[] }) {
  const t = useT();
  const series = t('results.radar.series');
  const isDark = useIsDark();
  const palette = isDark ? PALETTE.dark : PALETTE.light;
  // On a phone the card is about 320 px wide: smaller margins leave the web room, and the labels
  // stay at a size that can be read.
  const narrow = useMediaQuery('(max-width: 600px)');
  const labelSize = narrow ? 11 : 12;
  const side = narrow ? 58 : 80;

  return (
    <div className="radar-chart">
      <ResponsiveRadar<Datum>
        data={radarData(scores, series)}
        keys={[series]}
        indexBy="pillar"
        maxValue={RADAR_MAX}
        // One ring per level of the 0-3 scale; the points sit between them by their score.
        gridLevels={RADAR_MAX}
        gridShape="linear"
        gridLabelOffset={narrow ? 8 : 14}
        margin={{ top: 28, right: side, bottom: 28, left: side }}
        curve="linearClosed"
        colors={[palette.series]}
        fillOpacity={0.25}
        borderWidth={2}
        borderColor={{ from: 'color' }}
        dotSize={8}
        dotColor={palette.series}
        dotBorderWidth={2}
        dotBorderColor={palette.surface}
        valueFormat={(value) => radarValueLabel(t, value)}
        layers={['grid', LevelScale, 'layers', 'slices', 'dots']}
        animate={false}
        role="img"
        ariaLabel={t('results.radar.label', { description: radarDescription(t, scores) })}
        theme={{
          text: { fill: palette.text, fontSize: labelSize },
          axis: { ticks: { text: { fill: palette.strong, fontSize: labelSize, fontWeight: 600 } } },
          grid: { line: { stroke: palette.grid, strokeWidth: 1 } },
          tooltip: chartTooltipTheme(isDark),
        }}
      />
    </div>
  );
}
