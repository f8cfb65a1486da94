import type { TeamPillar } from '@msp/shared/browser';
import { describe, expect, it } from 'vitest';
import {
  formatMeanLevel,
  formatPercent,
  inviteRowProblems,
  levelPosition,
  rankByDisagreement,
} from './team-view-model.js';

const pillar = (pillarKey: string, lowestLevel: number, highestLevel: number, deviation = 0): TeamPillar => ({
  pillarKey,
  pillarName: pillarKey,
  members: 4,
  meanLevel: (lowestLevel + highestLevel) / 2,
  meanPercentage: 50,
  lowestLevel,
  highestLevel,
  spread: highestLevel - lowestLevel,
  deviation,
});

describe('rankByDisagreement', () => {
  it('puts the widest spread first and flags every pillar that shares it', () => {
    const ranked = rankByDisagreement([
      pillar('expertise', 1, 2),
      pillar('processes', 0, 3),
      pillar('tooling', 2, 2),
      pillar('kpis', 0, 3),
    ]);
    expect(ranked.map(({ pillar: p }) => p.pillarKey)).toEqual(['processes', 'kpis', 'expertise', 'tooling']);
    expect(ranked.map(({ mostDisagreement }) => mostDisagreement)).toEqual([true, true, false, false]);
  });

  it('breaks ties of spread by the deviation of the scores, then keeps the questionnaire order', () => {
    const ranked = rankByDisagreement([pillar('a', 1, 2, 5), pillar('b', 1, 2, 12.5), pillar('c', 1, 2, 5)]);
    expect(ranked.map(({ pillar: p }) => p.pillarKey)).toEqual(['b', 'a', 'c']);
  });

  it('flags nothing when the whole team agrees everywhere', () => {
    const ranked = rankByDisagreement([pillar('a', 2, 2), pillar('b', 1, 1)]);
    expect(ranked.some(({ mostDisagreement }) => mostDisagreement)).toBe(false);
    expect(rankByDisagreement([])).toEqual([]);
  });
});

describe('levelPosition', () => {
  it('places levels 0 to 3 across the scale and keeps others on it', () => {
    expect([0, 1.5, 3].map(levelPosition)).toEqual([0, 50, 100]);
    expect(levelPosition(1)).toBeCloseTo(100 / 3);
    expect(levelPosition(-1)).toBe(0);
    expect(levelPosition(4)).toBe(100);
  });
});

describe('number formats', () => {
  it('writes a mean level and a score with one decimal in the page language', () => {
    expect(formatMeanLevel(5 / 3, 'en')).toBe('1.7');
    expect(formatMeanLevel(2, 'en')).toBe('2.0');
    expect(formatMeanLevel(5 / 3, 'de')).toBe('1,7');
    expect(formatPercent(61.44, 'en')).toBe('61.4%');
  });
});

describe('inviteRowProblems', () => {
  it("puts each colleague's problem on their row and the rest on the form", () => {
    const problems = inviteRowProblems(
      [
        { field: 'invites.2.email', message: 'sam@gmail.com is a personal address' },
        { field: 'invites.2.role', message: 'must be at most 500 characters' },
        { field: 'invites', message: 'must name at most 50 colleagues at once' },
        { field: 'invites.9.email', message: 'out of range' },
      ],
      3,
    );
    expect(problems.byRow).toEqual([undefined, undefined, 'sam@gmail.com is a personal address']);
    expect(problems.form).toEqual(['must name at most 50 colleagues at once', 'out of range']);
  });
});
