import type { PublicQuestion } from '@msp/shared/browser';
import { describe, expect, it } from 'vitest';
import { firstOpenIndex, resumeIndex, validAnswers } from './flow-state.js';

function question(id: number, answerIds: number[]): PublicQuestion {
  return {
    id,
    key: `question-${id}`,
    text: `Question ${id}`,
    pillarId: 1,
    order: id,
    isActive: true,
    pillar: { id: 1, name: 'Tooling' },
    answers: answerIds.map((answerId, index) => ({
      id: answerId,
      text: 'A',
      description: null,
      order: index,
    })),
  };
}

const questions = [question(1, [10, 11]), question(2, [20, 21]), question(3, [30])];

describe('the assessment flow’s state', () => {
  it('keeps only the saved answers that still belong to a question on screen', () => {
    expect(validAnswers(questions, { '1': 11, '2': 99, '7': 70 })).toEqual({ 1: 11 });
  });

  it('resumes at the first unanswered question', () => {
    expect(resumeIndex(questions, { 1: 10 })).toBe(1);
    expect(firstOpenIndex(questions, { 1: 10, 3: 30 })).toBe(1);
  });

  it('resumes at the last question when every one is answered', () => {
    const answered = { 1: 10, 2: 20, 3: 30 };
    expect(firstOpenIndex(questions, answered)).toBe(-1);
    expect(resumeIndex(questions, answered)).toBe(2);
    expect(resumeIndex([], {})).toBe(0);
  });
});
