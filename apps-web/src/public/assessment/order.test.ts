import type { PublicQuestion } from '@msp/shared/browser';
import { describe, expect, it } from 'vitest';
import { orderQuestions } from './order.js';

const question = (id: number): PublicQuestion =>
  ({
    id,
    text: `Question ${id}`,
    order: id,
    answers: [1, 2, 3, 4].map((n) => ({ id: id * 10 + n, text: `Answer ${n}`, order: n })),
  }) as unknown as PublicQuestion;

const QUESTIONS = Array.from({ length: 30 }, (_, index) => question(index + 1));
const ids = (questions: readonly PublicQuestion[]) => questions.map((q) => q.id);

describe('the order questions are put in', () => {
  it('fixed: the questions and their answers in the Order the server sends, for every visitor', () => {
    const fixed = orderQuestions(QUESTIONS, 'fixed', new Set([7]));
    expect(ids(fixed)).toEqual(ids(QUESTIONS));
    expect(fixed.map((q) => q.answers.map((a) => a.id))).toEqual(
      QUESTIONS.map((q) => q.answers.map((a) => a.id)),
    );
  });

  it('random: shuffled, with the questions the draft answers first', () => {
    const random = orderQuestions(QUESTIONS, 'random', new Set([7]));
    expect(random[0]!.id).toBe(7);
    expect([...ids(random)].sort((a, b) => a - b)).toEqual(ids(QUESTIONS));
    expect(ids(random)).not.toEqual(ids(QUESTIONS));
    // The same page load keeps the same order.
    expect(ids(orderQuestions(QUESTIONS, 'random', new Set([7])))).toEqual(ids(random));
  });
});
