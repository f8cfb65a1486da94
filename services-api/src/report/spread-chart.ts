import type { Flow } from './layout.js';
import { INK } from './layout.js';
import type { TextStyle } from './text.js';

/** The maturity scale the chart draws, as the radar's. */
const SCALE_MAX = 3;
const AXIS_HEIGHT = 16;
const ROW_MIN_HEIGHT = 24;
const BAR_HEIGHT = 10;
/** A bar of members who all agree still shows as a short pill around their level. */
const BAR_MIN_WIDTH = 14;

const LABEL: TextStyle = { size: 9.5, weight: 'regular', color: INK.text };
const TICK: TextStyle = { size: 8, weight: 'regular', color: INK.muted };

/** One pillar's row: the lowest and highest level a member reached, and the team's mean. */
export interface SpreadBar {
  label: string;
  lowest: number;
  highest: number;
  mean: number;
}

function geometry(flow: Flow, bars: readonly SpreadBar[]) {
  const labelWidth = Math.min(150, flow.width * 0.32);
  const trackOffset = labelWidth + 14;
  const trackWidth = flow.width - trackOffset - 12;
  const trackLeft = flow.x(trackOffset, trackWidth);
  const rows = bars.map((bar) => {
    const lines = flow.lines(bar.label, LABEL, labelWidth);
    return { bar, lines, height: Math.max(ROW_MIN_HEIGHT, lines.length * flow.lineHeight(LABEL) + 8) };
  });
  // A right-to-left page reads the scale from the right, as its text.
  const at = (level: number) => trackLeft + ((flow.rtl ? SCALE_MAX - level : level) / SCALE_MAX) * trackWidth;
  return { labelWidth, trackLeft, trackWidth, rows, at };
}

/** The chart's height on this page's width, for the caller to keep it on one page. */
export function spreadChartHeight(flow: Flow, bars: readonly SpreadBar[]): number {
  return AXIS_HEIGHT + geometry(flow, bars).rows.reduce((sum, row) => sum + row.height, 0);
}

/**
 * The spread of each pillar at a glance: a bar from the lowest to the highest level any member
 * reached on the 0-3 scale, and a dot at the team's mean. A long bar is a pillar the team sees
 * differently. Vector paths; the caller marks it as a figure with its description.
 */
export function drawSpreadChart(flow: Flow, bars: readonly SpreadBar[], accent: string): void {
  const { doc } = flow;
  const { labelWidth, rows, at } = geometry(flow, bars);
  const top = flow.y;
  const bottom = top + spreadChartHeight(flow, bars);
  for (let level = 0; level <= SCALE_MAX; level++) {
    const [line] = flow.lines(String(level), TICK, 20);
    if (line) flow.drawLine(line, TICK, at(level) - 10, 20, top, 'center');
    doc
      .moveTo(at(level), top + AXIS_HEIGHT)
      .lineTo(at(level), bottom)
      .lineWidth(0.5)
      .strokeColor(INK.rule)
      .stroke();
  }
  let y = top + AXIS_HEIGHT;
  rows.forEach(({ bar, lines, height }, index) => {
    if (index % 2 === 0) doc.rect(flow.left, y, flow.width, height).fillOpacity(0.6).fill(INK.panel);
    doc.fillOpacity(1);
    const labelTop = y + (height - lines.length * flow.lineHeight(LABEL)) / 2;
    lines.forEach((line, i) =>
      flow.drawLine(line, LABEL, flow.x(0, labelWidth), labelWidth, labelTop + i * flow.lineHeight(LABEL)),
    );
    const middle = y + height / 2;
    const [from, to] = [at(bar.lowest), at(bar.highest)].sort((a, b) => a - b) as [number, number];
    const centre = (from + to) / 2;
    const width = Math.max(BAR_MIN_WIDTH, to - from);
    doc
      .roundedRect(centre - width / 2, middle - BAR_HEIGHT / 2, width, BAR_HEIGHT, BAR_HEIGHT / 2)
      .fillOpacity(0.3)
      .fill(accent);
    doc
      .fillOpacity(1)
      .roundedRect(centre - width / 2, middle - BAR_HEIGHT / 2, width, BAR_HEIGHT, BAR_HEIGHT / 2)
      .lineWidth(1)
      .strokeColor(accent)
      .stroke();
    doc.circle(at(bar.mean), middle, 4.5).lineWidth(1.5).fillAndStroke(INK.text, '#ffffff');
    y += height;
  });
  doc.fillOpacity(1).strokeColor(INK.text);
  flow.y = bottom;
}
