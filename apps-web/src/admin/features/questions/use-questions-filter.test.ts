import type { AdminQuestion, Pillar } from '@msp/shared/browser';
import { describe, expect, it } from 'vitest';
import { ALL, filterQuestions, NONE } from './use-questions-filter.js';

const pillars: Pillar[] = [
  { id: 1, key: 'expertise', name: 'Expertise', description: '', order: 1, isActive: true },
  { id: 2, key: 'tooling', name: 'Tooling', description: '', order: 2, isActive: true },
];

function question(id: number, text: string, pillarId: number | null, answer = 'Yes'): AdminQuestion {
  return {
    id,
    key: `00000000-0000-4000-8000-00000000000${id}`,
    text,
    pillarId,
    pillarKey: pillars.find((pillar) => pillar.id === pillarId)?.key ?? null,
    order: id,
    isActive: true,
    pillar: null,
    answers: [{ id: id * 10, text: answer, description: null, order: 1, pointAllocations: [] }],
  };
}

const all = [
  question(1, 'How are tickets routed?', 1),
  question(2, 'Do you script patching?', 2, 'With PowerShell'),
  question(3, 'Is onboarding written down?', null),
];

describe('the questions filter', () => {
  it('keeps one pillar’s questions, or those without a pillar', () => {
    expect(filterQuestions(all, pillars, '2', '').shown.map((q) => q.id)).toEqual([2]);
    expect(filterQuestions(all, pillars, NONE, '').shown.map((q) => q.id)).toEqual([3]);
  });

  it('finds the search in a question or its answers, ignoring case', () => {
    expect(filterQuestions(all, pillars, ALL, ' powershell ').shown.map((q) => q.id)).toEqual([2]);
    expect(filterQuestions(all, pillars, ALL, 'TICKETS').shown.map((q) => q.id)).toEqual([1]);
  });

  it('shows every question when the chosen pillar has gone', () => {
    const result = filterQuestions(all, pillars, '9', '');
    expect(result.pillarFilterShown).toBe(ALL);
    expect(result.filtering).toBe(false);
    expect(result.shown).toHaveLength(3);
  });

  it('offers the questions without a pillar only when there are some', () => {
    expect(filterQuestions(all, pillars, ALL, '').options.at(-1)).toEqual({
      value: NONE,
      label: 'No pillar (1)',
    });
    expect(filterQuestions(all.slice(0, 2), pillars, NONE, '').options.map((o) => o.value)).toEqual([
      ALL,
      '1',
      '2',
    ]);
    expect(filterQuestions(all.slice(0, 2), pillars, NONE, '').pillarFilterShown).toBe(ALL);
  });
});
