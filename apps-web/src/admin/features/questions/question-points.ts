import type { AdminQuestion, Pillar } from '@msp/shared/browser';

/** Points an answer may give a pillar: 0 to 3. */
export const POINT_VALUES = [0, 1, 2, 3] as const;
export const MAX_POINTS = 3;

export interface PillarPoints {
  pillarId: number;
  name: string;
  points: number;
}

/** A pillar's name from the pillar list; a deleted or unknown pillar is named by its id. */
export function pillarName(pillars: ReadonlyMap<number, Pillar>, pillarId: number): string {
  return pillars.get(pillarId)?.name ?? `Pillar #${pillarId}`;
}

/**
 * The most points any answer of the question gives each pillar: the question's weight per pillar
 * Highest first, then in pillar order; pillars it never scores are left out.
 */
export function maxPointsByPillar(
  question: Pick<AdminQuestion, 'answers'>,
  pillars: ReadonlyMap<number, Pillar>,
): PillarPoints[] {
  const max = new Map<number, number>();
  for (const answer of question.answers) {
    for (const { pillarId, points } of answer.pointAllocations) {
      if (points > (max.get(pillarId) ?? 0)) max.set(pillarId, points);
    }
  }
  const order = (pillarId: number) => pillars.get(pillarId)?.order ?? Number.MAX_SAFE_INTEGER;
  return [...max]
    .map(([pillarId, points]) => ({ pillarId, points, name: pillarName(pillars, pillarId) }))
    .sort((a, b) => b.points - a.points || order(a.pillarId) - order(b.pillarId) || a.pillarId - b.pillarId);
}

/** An answer's points above zero, in pillar order. */
export function answerPoints(
  answer: AdminQuestion['answers'][number],
  pillars: ReadonlyMap<number, Pillar>,
): PillarPoints[] {
  const order = (pillarId: number) => pillars.get(pillarId)?.order ?? Number.MAX_SAFE_INTEGER;
  return answer.pointAllocations
    .filter((allocation) => allocation.points > 0)
    .map(({ pillarId, points }) => ({ pillarId, points, name: pillarName(pillars, pillarId) }))
    .sort((a, b) => order(a.pillarId) - order(b.pillarId) || a.pillarId - b.pillarId);
}

/** The pillar list by id. */
export function pillarsById(pillars: readonly Pillar[] | undefined): Map<number, Pillar> {
  return new Map((pillars ?? []).map((pillar) => [pillar.id, pillar]));
}
