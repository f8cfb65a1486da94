import { levelLabel, type PillarScore } from '@msp/shared/browser';

/** The chart keeps the model's 0-3 scale. */
export const RADAR_MAX = 3;

export const RADAR_SERIES = 'Your score';

export type RadarDatum = { pillar: string; [RADAR_SERIES]: number };

/**
 * One point per pillar at its continuous position on the 0-3 scale (normalized score x 3), so
 * two pillars of the same level but different scores (42% and 48%) sit apart on the chart.
 */
export function radarData(scores: readonly PillarScore[]): RadarDatum[] {
  return scores.map((score) => ({
    pillar: score.pillarName,
    [RADAR_SERIES]: Math.round(score.normalizedScore * RADAR_MAX * 100) / 100,
  }));
}

/** "48%": a chart value read back as the pillar's percentage. */
export function radarValueLabel(value: number): string {
  return `${Math.round((value / RADAR_MAX) * 100)}%`;
}

/** What a screen reader hears for the chart: each pillar's percentage and level. */
export function radarDescription(scores: readonly PillarScore[]): string {
  return scores
    .map(
      (score) =>
        `${score.pillarName}: ${Math.round(score.normalizedScore * 100)}%, ${levelLabel(score.score)}`,
    )
    .join('; ');
}
