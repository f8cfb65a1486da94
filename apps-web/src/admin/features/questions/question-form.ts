import type { AdminQuestion, Pillar, QuestionInput } from '@msp/shared';
import type { z } from 'zod';

/** What the question form holds: the request body's shape, with a points entry for every pillar. */
export type QuestionValues = z.input<typeof QuestionInput>;
/** The form's values once the shared schema has checked them. */
export type QuestionOutput = z.output<typeof QuestionInput>;
export type AnswerValues = QuestionValues['answers'][number];

/** At least 2 answers, or there is nothing to choose; the shared schema allows at most 12. */
export const MIN_ANSWERS = 2;
export const MAX_ANSWERS = 12;
/** A new question starts with four answers, one per maturity level, as the questionnaire is written. */
const NEW_QUESTION_ANSWERS = 4;

/** An empty answer with zero points for every pillar. */
export function emptyAnswer(order: number, pillars: readonly Pillar[]): AnswerValues {
  return {
    answer: { text: '', description: '', order },
    pointAllocations: pillars.map((pillar) => ({ pillarId: pillar.id, points: 0 })),
  };
}

/** The order after the highest one in the list. */
export function nextOrder(items: readonly { order?: unknown }[]): number {
  const orders = items.map((item) => Number(item.order)).filter((order) => Number.isFinite(order));
  return Math.max(0, ...orders) + 1;
}

/**
 * The form's starting values: the question as it is, or a new active one. Every pillar
 * gets a points entry, zero where the answer gives it none.
 */
export function initialQuestionValues(
  question: AdminQuestion | null,
  pillars: readonly Pillar[],
  defaults: { order: number; pillarId?: number },
): QuestionValues {
  if (!question) {
    return {
      question: { text: '', pillarId: defaults.pillarId ?? 0, order: defaults.order, isActive: true },
      answers: Array.from({ length: NEW_QUESTION_ANSWERS }, (_, index) => emptyAnswer(index + 1, pillars)),
    };
  }
  return {
    question: {
      text: question.text,
      // A question whose pillar was deleted must be given one before it can be saved.
      pillarId: question.pillarId ?? 0,
      order: question.order,
      isActive: question.isActive,
    },
    answers: [...question.answers]
      .sort((a, b) => a.order - b.order || a.id - b.id)
      .map((answer) => {
        const points = new Map(answer.pointAllocations.map((a) => [a.pillarId, a.points]));
        return {
          answer: { text: answer.text, description: answer.description ?? '', order: answer.order },
          pointAllocations: pillars.map((pillar) => ({
            pillarId: pillar.id,
            points: points.get(pillar.id) ?? 0,
          })),
        };
      }),
  };
}

/** The request body: only allocations above 0 are sent, as a 0 scores nothing. */
export function toQuestionRequest(values: QuestionOutput): QuestionInput {
  return {
    question: values.question,
    answers: values.answers.map(({ answer, pointAllocations }) => ({
      answer,
      pointAllocations: pointAllocations.filter((allocation) => allocation.points > 0),
    })),
  };
}
