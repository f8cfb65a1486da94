import type { PillarScore } from '@msp/shared/browser';
import type { T } from '../../lib/i18n/i18n-context.js';
import { levelText } from '../../lib/i18n/level-text.js';

/** The chart keeps the model's 0-3 scale. */
export const RADAR_MAX = 3;

/**
 * The chart's drawing area, in the units of its SVG's viewBox: the chart is scaled to its card, so
 * the server draws it as the browser shows it, without measuring anything.
 */
export const RADAR_VIEW = { width: 360, height: 300 } as const;
const CENTRE = { x: RADAR_VIEW.width / 2, y: RADAR_VIEW.height / 2 };
/** The outer ring's radius: room is left around it for the pillars' names. */
const RADIUS = 102;
/** How far beyond the outer ring a pillar's name starts. */
const LABEL_GAP = 12;
/** A name longer than this is set on two lines, broken at the space nearest its middle. */
const LINE_CHARACTERS = 14;

type Point = { x: number; y: number };

/** A pillar's name at the end of its spoke, set away from the chart on the side it sits. */
export interface RadarLabel extends Point {
  lines: string[];
  anchor: 'start' | 'middle' | 'end';
  /** Above the chart a name grows upwards, below it downwards, beside it from its middle. */
  baseline: 'auto' | 'hanging' | 'central';
}

export interface RadarGeometry {
  centre: Point;
  /** One ring per level of the 0-3 scale, innermost first, as SVG path data. */
  rings: string[];
  /** From the centre to each pillar's corner of the outer ring. */
  spokes: Point[];
  /** Where each level's number sits, just inside its ring on the first spoke. */
  scale: { level: number; x: number; y: number }[];
  /** The visitor's shape, as SVG path data. */
  shape: string;
  /** Each pillar's point on the shape, with its name and score. */
  dots: (Point & { pillar: string; normalizedScore: number; label: RadarLabel })[];
}

const round = (value: number) => Math.round(value * 100) / 100;

/** A point `value` (0-1) of the way from the centre along the spoke of pillar `index` of `count`. */
function spokePoint(index: number, count: number, value: number): Point {
  const angle = -Math.PI / 2 + (index * 2 * Math.PI) / count;
  return {
    x: round(CENTRE.x + Math.cos(angle) * RADIUS * value),
    y: round(CENTRE.y + Math.sin(angle) * RADIUS * value),
  };
}

const pathThrough = (points: Point[]) => `M${points.map(({ x, y }) => `${x},${y}`).join('L')}Z`;

/** A name on one line, or on two broken at the space nearest its middle. */
function labelLines(name: string): string[] {
  if (name.length <= LINE_CHARACTERS) return [name];
  const spaces = [...name.matchAll(/ /g)].map((match) => match.index);
  if (spaces.length === 0) return [name];
  const middle = spaces.reduce((best, at) =>
    Math.abs(at - name.length / 2) < Math.abs(best - name.length / 2) ? at : best,
  );
  return [name.slice(0, middle), name.slice(middle + 1)];
}

function labelAt(index: number, count: number, name: string): RadarLabel {
  const angle = -Math.PI / 2 + (index * 2 * Math.PI) / count;
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  const { x, y } = spokePoint(index, count, 1 + LABEL_GAP / RADIUS);
  return {
    x,
    y,
    lines: labelLines(name),
    anchor: Math.abs(cos) < 0.1 ? 'middle' : cos > 0 ? 'start' : 'end',
    baseline: sin < -0.1 ? 'auto' : sin > 0.1 ? 'hanging' : 'central',
  };
}

/**
 * The radar of the pillars: a ring per level, a spoke per pillar, and the visitor's shape with a
 * point per pillar at its continuous position on the 0-3 scale (normalized score x 3), so two
 * pillars of the same level but different scores (42% and 48%) sit apart. Fewer than three pillars
 * make no shape: the chart then shows only its rings, and the scores beside it say the rest.
 */
export function radarGeometry(scores: readonly PillarScore[]): RadarGeometry {
  const count = Math.max(scores.length, 3);
  const rings = Array.from({ length: RADAR_MAX }, (_, ring) =>
    pathThrough(
      Array.from({ length: count }, (_, index) => spokePoint(index, count, (ring + 1) / RADAR_MAX)),
    ),
  );
  const dots = scores.map((score, index) => {
    const value = Math.min(1, Math.max(0, score.normalizedScore));
    return {
      ...spokePoint(index, count, value),
      pillar: score.pillarName,
      normalizedScore: score.normalizedScore,
      label: labelAt(index, count, score.pillarName),
    };
  });
  return {
    centre: CENTRE,
    rings,
    spokes: Array.from({ length: count }, (_, index) => spokePoint(index, count, 1)),
    scale: Array.from({ length: RADAR_MAX }, (_, ring) => ({
      level: ring + 1,
      x: CENTRE.x - 5,
      y: round(CENTRE.y - (RADIUS * (ring + 1)) / RADAR_MAX + 3),
    })),
    shape: scores.length >= 3 ? pathThrough(dots) : '',
    dots,
  };
}

/** "48%" ("48 %" in German): a pillar's normalized score (0-1) as its percentage. */
export function radarValueLabel(t: T, normalizedScore: number): string {
  return t('results.percent', { value: Math.round(normalizedScore * 100) / 100 });
}

/** What a screen reader hears for the chart: each pillar's percentage and level. */
export function radarDescription(t: T, scores: readonly PillarScore[]): string {
  const levels = levelText(t);
  return scores
    .map((score) =>
      t('results.radar.pillar', {
        pillar: score.pillarName,
        percent: Math.round(score.normalizedScore * 100) / 100,
        level: levels.label(score.score),
      }),
    )
    .join('; ');
}
