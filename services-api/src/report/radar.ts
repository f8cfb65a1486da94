import type { Flow } from './layout.js';
import { INK } from './layout.js';

/** The chart keeps the model's 0-3 scale, as the results page's does. */
const RADAR_MAX = 3;

export interface RadarPoint {
  label: string;
  /** 0-1 */
  normalizedScore: number;
}

/**
 * The radar of the pillars as vector paths: a ring per level, a spoke and a label per pillar, and
 * the visitor's polygon at each pillar's continuous position on the 0-3 scale. The caller marks it
 * as a figure with its description; the labels are drawn as part of that figure.
 */
export function drawRadar(flow: Flow, points: readonly RadarPoint[], accent: string, size: number): void {
  const { doc } = flow;
  const cx = flow.left + flow.width / 2;
  const radius = size / 2 - 40;
  const cy = flow.y + size / 2;
  const count = points.length;
  const at = (index: number, value: number): [number, number] => {
    const angle = -Math.PI / 2 + (index * 2 * Math.PI) / count;
    // A right-to-left page runs the pillars counter-clockwise, as its reader reads.
    const direction = flow.rtl ? -1 : 1;
    return [cx + direction * Math.cos(angle) * radius * value, cy + Math.sin(angle) * radius * value];
  };
  // Fewer than three pillars make no polygon: the table below carries their scores alone.
  if (count < 3) return;
  doc.save();
  for (let ring = 1; ring <= RADAR_MAX; ring++) {
    const corners = points.map((_, index) => at(index, ring / RADAR_MAX));
    doc
      .polygon(...corners)
      .lineWidth(0.75)
      .strokeColor(INK.rule)
      .stroke();
  }
  points.forEach((_, index) => {
    const [x, y] = at(index, 1);
    doc.moveTo(cx, cy).lineTo(x, y).lineWidth(0.75).strokeColor(INK.rule).stroke();
  });
  {
    const shape = points.map((point, index) => at(index, Math.min(1, Math.max(0, point.normalizedScore))));
    doc
      .polygon(...shape)
      .fillOpacity(0.25)
      .fillAndStroke(accent, accent);
    doc.fillOpacity(1);
    for (const [x, y] of shape) doc.circle(x, y, 2.5).fill(accent);
  }
  doc.restore();
  const style = { size: 8.5, weight: 'regular' as const, color: INK.text };
  points.forEach((point, index) => {
    const [x, y] = at(index, 1.12);
    const boxWidth = 110;
    const lines = flow.lines(point.label, style, boxWidth);
    const height = lines.length * flow.lineHeight(style);
    lines.forEach((line, i) => {
      flow.drawLine(
        line,
        style,
        x - boxWidth / 2,
        boxWidth,
        y - height / 2 + i * flow.lineHeight(style),
        'center',
      );
    });
  });
  flow.y += size;
}
