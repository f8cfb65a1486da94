import { Funnel as NivoFunnel, type FunnelCustomLayerProps } from '@nivo/funnel';
import type { Funnel } from '@msp/shared/browser';
import { useIsDark } from '../../../lib/theme.js';
import { chartTooltipTheme } from '../../../lib/chart-tooltip.js';
import { CHART_COLORS, useElementWidth } from './chart-kit.js';

/**
 * Loaded on demand (React.lazy), like the line chart: nivo's funnel is drawn only on this screen.
 * The chart is a picture of the table beside it, which carries every figure for a screen reader.
 */

/** Height of one step's band. */
const BAND = 26;
/** Room on the left for the step names. */
const LABEL_ROOM = 118;

/** The label inside a part: the page's background colour, which reads on the part's blue. */
const LABEL_COLOR = { light: '#ffffff', dark: '#111418' } as const;

type Datum = { id: string; value: number; label: string };

/** Visits at each step, from the landing page down to the results. */
export default function FunnelChart({ steps }: { steps: Funnel['steps'] }) {
  const isDark = useIsDark();
  const palette = isDark ? CHART_COLORS.dark : CHART_COLORS.light;
  const { ref, width } = useElementWidth();
  // nivo draws a part of no width for a step of no visits, but cannot scale a funnel of zeros.
  const data: Datum[] = steps.map((step) => ({
    id: step.id,
    value: Math.max(step.visits, 0),
    label: step.label,
  }));
  const height = steps.length * BAND + 16;
  const names = ({ parts }: FunnelCustomLayerProps<Datum>) => (
    <g>
      {parts.map((part) => (
        <text
          key={part.data.id}
          x={-8}
          y={part.y}
          textAnchor="end"
          dominantBaseline="central"
          style={{ fill: palette.text, fontSize: 12 }}
        >
          {part.data.label}
        </text>
      ))}
    </g>
  );

  return (
    <div ref={ref} className="analytics-funnel-chart" style={{ height }} aria-hidden>
      {width > 0 && (
        <NivoFunnel<Datum>
          width={width}
          height={height}
          data={data}
          margin={{ top: 8, right: 8, bottom: 8, left: LABEL_ROOM }}
          direction="vertical"
          interpolation="linear"
          spacing={2}
          shapeBlending={0.4}
          colors={[palette.series[0]]}
          borderWidth={0}
          labelColor={isDark ? LABEL_COLOR.dark : LABEL_COLOR.light}
          enableBeforeSeparators={false}
          enableAfterSeparators={false}
          currentPartSizeExtension={4}
          layers={['parts', 'labels', names]}
          animate={false}
          theme={{ text: { fontSize: 12 }, tooltip: chartTooltipTheme(isDark) }}
        />
      )}
    </div>
  );
}
