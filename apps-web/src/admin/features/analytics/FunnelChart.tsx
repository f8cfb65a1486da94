import { Funnel as NivoFunnel, type FunnelCustomLayerProps } from '@nivo/funnel';
import type { Funnel } from '@msp/shared/browser';
import { useIsDark } from '../../../lib/theme.js';
import { useElementWidth } from './chart-kit.js';

/**
 * Loaded on demand (React.lazy), like the line chart: nivo's funnel is drawn only on this screen.
 * The chart is a picture of the table beside it, which carries every figure for a screen reader.
 */

/** Height of one step's band. */
const BAND = 26;
/** Room on the left for the step names. */
const LABEL_ROOM = 118;

const PALETTE = {
  light: { text: '#404854', part: '#2d72d2', label: '#ffffff', tooltipBg: '#ffffff', strong: '#1c2127' },
  dark: { text: '#abb3bf', part: '#4c90f0', label: '#111418', tooltipBg: '#2f343c', strong: '#f6f7f9' },
} as const;

type Datum = { id: string; value: number; label: string };

/** Visits at each step, from the landing page down to the results. */
export default function FunnelChart({ steps }: { steps: Funnel['steps'] }) {
  const palette = useIsDark() ? PALETTE.dark : PALETTE.light;
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
          colors={[palette.part]}
          borderWidth={0}
          labelColor={palette.label}
          enableBeforeSeparators={false}
          enableAfterSeparators={false}
          currentPartSizeExtension={4}
          layers={['parts', 'labels', names]}
          animate={false}
          theme={{
            text: { fontSize: 12 },
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
      )}
    </div>
  );
}
