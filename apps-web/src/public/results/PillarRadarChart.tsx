import { ResponsiveRadar, type RadarCustomLayerProps } from '@nivo/radar';
import { levelLabel, type PillarScore } from '@msp/shared/browser';
import { useIsDark } from '../../lib/theme.js';

/** Loaded on demand (React.lazy): nivo adds about 73 KB gzip and only this page needs it. */

const SERIES = 'Your level';
const MAX_LEVEL = 3;

type Datum = { pillar: string; [SERIES]: number };

const PALETTE = {
  light: { text: '#404854', strong: '#1c2127', grid: '#c5cbd3', series: '#2d72d2', tooltipBg: '#ffffff' },
  dark: { text: '#d3d8de', strong: '#f6f7f9', grid: '#4d5560', series: '#4c90f0', tooltipBg: '#2f343c' },
} as const;

/** Level numbers along the top axis, so the 0-3 scale can be read off the chart. */
function LevelScale({ centerX, centerY, radiusScale }: RadarCustomLayerProps<Datum>) {
  return (
    <g aria-hidden="true">
      {[1, 2, 3].map((level) => (
        <text
          key={level}
          x={centerX - 8}
          y={centerY - radiusScale(level)}
          textAnchor="end"
          dominantBaseline="central"
          className="radar-scale-label"
          fontSize={10}
        >
          {level}
        </text>
      ))}
    </g>
  );
}

export default function PillarRadarChart({ scores }: { scores: readonly PillarScore[] }) {
  const palette = useIsDark() ? PALETTE.dark : PALETTE.light;
  const data: Datum[] = scores.map((score) => ({ pillar: score.pillarName, [SERIES]: score.score }));
  const description = scores.map((score) => `${score.pillarName}: ${levelLabel(score.score)}`).join('; ');

  return (
    <div className="radar-chart">
      <ResponsiveRadar<Datum>
        data={data}
        keys={[SERIES]}
        indexBy="pillar"
        maxValue={MAX_LEVEL}
        gridLevels={MAX_LEVEL}
        gridShape="linear"
        gridLabelOffset={14}
        margin={{ top: 36, right: 72, bottom: 36, left: 72 }}
        curve="linearClosed"
        colors={[palette.series]}
        fillOpacity={0.25}
        borderWidth={2}
        borderColor={{ from: 'color' }}
        dotSize={8}
        dotColor={palette.series}
        dotBorderWidth={2}
        dotBorderColor={palette.tooltipBg}
        valueFormat={(value) => levelLabel(value)}
        layers={['grid', LevelScale, 'layers', 'slices', 'dots']}
        animate={false}
        role="img"
        ariaLabel={`Radar chart of your maturity level by pillar, on a scale of 0 to 3. ${description}`}
        theme={{
          text: { fill: palette.text, fontSize: 12 },
          axis: { ticks: { text: { fill: palette.strong, fontSize: 12, fontWeight: 600 } } },
          grid: { line: { stroke: palette.grid, strokeWidth: 1 } },
          tooltip: {
            container: {
              background: palette.tooltipBg,
              color: palette.strong,
              fontSize: 13,
              borderRadius: 6,
              boxShadow: '0 2px 8px rgba(0, 0, 0, 0.25)',
            },
          },
        }}
      />
    </div>
  );
}
