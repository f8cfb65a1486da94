import type { PillarScore } from '@msp/shared/browser';
import type { T } from '../../lib/i18n/i18n-context.js';
import { levelText } from '../../lib/i18n/level-text.js';

/** The chart keeps the model's 0-3 scale. */
export const RADAR_MAX = 3;

/** A pillar's point, under the series' name (what the chart's tooltip shows beside the value). */
export type RadarDatum = { pillar: string } & Record<string, string | number>;

/**
 * One point per pillar at its continuous position on the 0-3 scale (normalized score x 3), so
 * two pillars of the same level but different scores (42% and 48%) sit apart on the chart. The
 * one series is keyed by its name in the visitor's language ("Your score").
 */
export function radarData(scores: readonly PillarScore[], series: string): RadarDatum[] {
  return scores.map((score) => ({
    pillar: score.pillarName,
    [series]: Math.round(score.normalizedScore * RADAR_MAX * 100) / 100,
  }));
}

/** "48%" ("48 %" in German): a chart value read back as the pillar's percentage. */
export function radarValueLabel(t: T, value: number): string {
  return t('results.percent', { value: Math.round((value / RADAR_MAX) * 100) / 100 });
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
