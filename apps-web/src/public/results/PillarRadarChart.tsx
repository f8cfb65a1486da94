import type { PillarScore } from '@msp/shared/browser';
import { useMemo } from 'react';
import { useT } from '../../lib/i18n/i18n-context.js';
import {
  RADAR_VIEW,
  radarDescription,
  radarGeometry,
  radarValueLabel,
  type RadarLabel,
} from './radar-data.js';

/**
 * Where the first of a name's two lines starts, by where the name sits: it grows away from the chart,
 * so above it the first line goes up by a line, beside it by half of one.
 */
const FIRST_LINE_SHIFT: Record<RadarLabel['baseline'], string> = {
  auto: '-1.1em',
  central: '-0.55em',
  hanging: '0em',
};

/**
 * The pillars' radar, drawn as plain SVG scaled to its card: the server draws it into the results
 * page as the browser shows it (no measuring, no theme: its colours are the stylesheet's), and
 * taking it over costs the browser next to nothing. A chart library's radar, measured and drawn by
 * script, held a slowed phone's main thread for most of a second as the page loaded.
 */
export function PillarRadarChart({ scores }: { scores: readonly PillarScore[] }) {
  const t = useT();
  const chart = useMemo(() => radarGeometry(scores), [scores]);
  const { centre } = chart;
  return (
    <div className="radar-chart">
      <svg
        viewBox={`0 0 ${RADAR_VIEW.width} ${RADAR_VIEW.height}`}
        role="img"
        aria-label={t('results.radar.label', { description: radarDescription(t, scores) })}
      >
        {chart.rings.map((ring, index) => (
          <path key={index} className="radar-chart__ring" d={ring} fill="none" />
        ))}
        {chart.spokes.map((end, index) => (
          <line
            key={index}
            className="radar-chart__spoke"
            x1={centre.x}
            y1={centre.y}
            x2={end.x}
            y2={end.y}
          />
        ))}
        {chart.dots.map(({ label }, index) => (
          <text
            key={index}
            className="radar-chart__label"
            x={label.x}
            y={label.y}
            textAnchor={label.anchor}
            dominantBaseline={label.baseline}
          >
            {label.lines.length === 1
              ? label.lines[0]
              : label.lines.map((line, index) => (
                  <tspan
                    key={index}
                    x={label.x}
                    dy={index === 0 ? FIRST_LINE_SHIFT[label.baseline] : '1.1em'}
                  >
                    {line}
                  </tspan>
                ))}
          </text>
        ))}
        {/* Level numbers along the top spoke, so the 0-3 scale can be read off the chart. */}
        {chart.scale.map(({ level, x, y }) => (
          <text
            key={level}
            className="radar-scale-label"
            x={x}
            y={y}
            textAnchor="end"
            dominantBaseline="hanging"
          >
            {level}
          </text>
        ))}
        {chart.shape && <path className="radar-chart__shape" d={chart.shape} />}
        {chart.dots.map((dot, index) => (
          <circle key={index} className="radar-chart__dot" cx={dot.x} cy={dot.y} r={4}>
            <title>{`${dot.pillar}: ${radarValueLabel(t, dot.normalizedScore)}`}</title>
          </circle>
        ))}
      </svg>
    </div>
  );
}
