import type { AdminQuestion, Pillar } from '@msp/shared/browser';
import { describe, expect, it } from 'vitest';
import { initialQuestionValues, nextOrder, toQuestionRequest } from './question-form.js';

const pillars: Pillar[] = [
  { id: 1, key: 'expertise', name: 'Expertise', description: '', order: 1, isActive: true },
  { id: 2, key: 'tooling', name: 'Tooling', description: '', order: 2, isActive: true },
];

describe('question form', () => {
  it('starts a new question active, with four blank answers giving every pillar 0 points', () => {
    const values = initialQuestionValues(null, pillars, { order: 9, pillarId: 2 });
    expect(values.question).toEqual({ text: '', pillarId: 2, order: 9, isActive: true });
    expect(values.answers).toHaveLength(4);
    expect(values.answers.map((answer) => answer.answer.order)).toEqual([1, 2, 3, 4]);
    expect(values.answers[0]?.pointAllocations).toEqual([
      { pillarId: 1, points: 0 },
      { pillarId: 2, points: 0 },
    ]);
  });

  it('fills a saved question in answer order, with a points entry for every pillar', () => {
    const question: AdminQuestion = {
      id: 5,
      key: '5b0e5f43-7a2f-4c55-9a55-2f4f5f0f6b21',
      text: 'How are tickets routed?',
      pillarId: null,
      pillarKey: null,
      order: 3,
      isActive: false,
      pillar: null,
      answers: [
        {
          id: 11,
          text: 'Automatically',
          description: null,
          order: 2,
          pointAllocations: [{ id: 1, pillarId: 2, pillarKey: 'tooling', points: 3 }],
        },
        { id: 10, text: 'By hand', description: 'Someone reads each one', order: 1, pointAllocations: [] },
      ],
    };
    const values = initialQuestionValues(question, pillars, { order: 1 });
    // A question whose pillar was deleted must be given one again.
    expect(values.question).toEqual({
      text: 'How are tickets routed?',
      pillarId: 0,
      order: 3,
      isActive: false,
    });
    expect(values.answers.map((answer) => answer.answer)).toEqual([
      { text: 'By hand', description: 'Someone reads each one', order: 1 },
      { text: 'Automatically', description: '', order: 2 },
    ]);
    expect(values.answers[1]?.pointAllocations).toEqual([
      { pillarId: 1, points: 0 },
      { pillarId: 2, points: 3 },
    ]);
  });

  it('sends only allocations above 0', () => {
    const request = toQuestionRequest({
      question: { text: 'Q', pillarId: 1, order: 1, isActive: true },
      answers: [
        {
          answer: { text: 'A', description: null, order: 1 },
          pointAllocations: [
            { pillarId: 1, points: 0 },
            { pillarId: 2, points: 2 },
          ],
        },
      ],
    });
    expect(request.answers[0]?.pointAllocations).toEqual([{ pillarId: 2, points: 2 }]);
  });

  it('puts a new item after the highest order', () => {
    expect(nextOrder([])).toBe(1);
    expect(nextOrder([{ order: 3 }, { order: '7' }, { order: 'x' }])).toBe(8);
  });
});
