import { clampLevel, levelFromNormalized, type MaturityLevel } from './levels.js';

export interface PillarPoints {
  pillarId: number;
  points: number;
}

/**
 * One answered question as it was scored: the points the chosen answer gives each pillar, and the
 * most points any answer of that question gives each pillar. Both are frozen into the submission.
 */
export interface ScoredAnswer {
  allocations: readonly PillarPoints[];
  maxima: readonly PillarPoints[];
}

export interface PillarRef {
  id: number;
  name: string;
}

export interface ComputedPillarScore {
  pillarId: number;
  pillarName: string;
  points: number;
  maxPoints: number;
  /** 0-100, one decimal. */
  percentage: number;
  /** 0-1, unrounded. */
  normalizedScore: number;
  level: MaturityLevel;
}

export interface ComputedScores {
  pillarScores: ComputedPillarScore[];
  /** Mean of the pillar percentages, one decimal: the average score shown beside the level. */
  cumulativeAverage: number;
  /** The rounded mean of the pillar levels: the one overall level, as the visitor sees it. */
  overallLevel: MaturityLevel;
}

/**
 * For each pillar, the highest allocation any of the given answers gives it: the most a visitor
 * can earn for that pillar on this question.
 */
export function maximaOf(answersAllocations: readonly (readonly PillarPoints[])[]): PillarPoints[] {
  const maxima = new Map<number, number>();
  for (const allocations of answersAllocations) {
    for (const { pillarId, points } of allocations) {
      maxima.set(pillarId, Math.max(maxima.get(pillarId) ?? 0, points));
    }
  }
  return [...maxima].filter(([, points]) => points > 0).map(([pillarId, points]) => ({ pillarId, points }));
}

export function roundTo1(value: number): number {
  return Math.round(value * 10) / 10;
}

/**
 * Scores answered questions per pillar. Pillar percentage = points earned / maximum possible x 100.
 * A pillar that none of the answered questions can score is left out, never divided by zero.
 * Pillars come out in the order given.
 */
export function scoreAnswers(
  answers: readonly ScoredAnswer[],
  pillars: readonly PillarRef[],
): ComputedScores {
  const earned = new Map<number, number>();
  const possible = new Map<number, number>();
  for (const answer of answers) {
    for (const { pillarId, points } of answer.allocations)
      earned.set(pillarId, (earned.get(pillarId) ?? 0) + points);
    for (const { pillarId, points } of answer.maxima)
      possible.set(pillarId, (possible.get(pillarId) ?? 0) + points);
  }

  const pillarScores: ComputedPillarScore[] = [];
  for (const pillar of pillars) {
    const maxPoints = possible.get(pillar.id) ?? 0;
    if (maxPoints <= 0) continue;
    const points = Math.min(earned.get(pillar.id) ?? 0, maxPoints);
    const normalizedScore = points / maxPoints;
    pillarScores.push({
      pillarId: pillar.id,
      pillarName: pillar.name,
      points,
      maxPoints,
      percentage: roundTo1(normalizedScore * 100),
      normalizedScore,
      level: levelFromNormalized(normalizedScore),
    });
  }

  const cumulativeAverage =
    pillarScores.length === 0
      ? 0
      : roundTo1(pillarScores.reduce((sum, s) => sum + s.normalizedScore * 100, 0) / pillarScores.length);
  return { pillarScores, cumulativeAverage, overallLevel: bannerLevel(pillarScores.map((s) => s.level)) };
}

/**
 * A submission's overall level: the rounded mean of the pillar levels (each 0-3), as the results
 * banner shows it. Every place that shows, counts or sends a level uses this one.
 */
export function bannerLevel(levels: readonly number[]): MaturityLevel {
  if (levels.length === 0) return 0;
  return clampLevel(levels.reduce((sum, level) => sum + level, 0) / levels.length);
}
