import { describe, expect, it } from 'vitest';
import {
  continuousMonths,
  formatScore,
  monthLabel,
  scoreBarPercent,
  summarize,
} from './analytics-summary.js';

describe('summarize', () => {
  it("shows the server's total and mean overall level, not the mean of the pillar averages", () => {
    // Two submissions at overall levels 1 and 2: their mean is 1.5; the pillars' averages mean 1.6.
    expect(
      summarize({
        totalSubmissions: 2,
        averageOverallLevel: 1.5,
        submissionTrends: [
          { month: '2026-01', count: 1 },
          { month: '2026-02', count: 0 },
          { month: '2026-03', count: 1 },
        ],
        averageMaturityScores: [
          { pillarId: 1, pillarKey: 'expertise', pillarName: 'Expertise', averageScore: 1.5 },
          { pillarId: 2, pillarKey: 'tooling', pillarName: 'Tooling', averageScore: 2 },
          { pillarId: 3, pillarKey: 'kpis', pillarName: 'KPIs', averageScore: 1.3 },
        ],
      }),
    ).toEqual({ totalSubmissions: 2, averageOverallLevel: 1.5, monthsOfData: 2 });
  });

  it('has no average overall level before the first submission', () => {
    expect(
      summarize({
        totalSubmissions: 0,
        averageOverallLevel: null,
        submissionTrends: [],
        averageMaturityScores: [],
      }),
    ).toEqual({ totalSubmissions: 0, averageOverallLevel: null, monthsOfData: 0 });
  });
});

describe('scores', () => {
  it('shows one decimal', () => {
    expect(formatScore(1.96)).toBe('2.0');
    expect(formatScore(1.25)).toBe('1.3');
    expect(formatScore(0)).toBe('0.0');
  });

  it('scales a bar against 3, within 0-100%', () => {
    expect(scoreBarPercent(1.5)).toBe(50);
    expect(scoreBarPercent(3)).toBe(100);
    expect(scoreBarPercent(4)).toBe(100);
    expect(scoreBarPercent(-1)).toBe(0);
  });
});

describe('months', () => {
  it('labels YYYY-MM as "Mon YYYY"', () => {
    expect(monthLabel('2026-03')).toBe('Mar 2026');
    expect(monthLabel('2025-12')).toBe('Dec 2025');
    expect(monthLabel('2026-13')).toBe('2026-13');
    expect(monthLabel('March')).toBe('March');
  });

  it('fills the quiet months between the first and the last with 0, in order', () => {
    expect(
      continuousMonths([
        { month: '2026-02', count: 4 },
        { month: '2025-11', count: 2 },
        { month: 'bad', count: 9 },
      ]),
    ).toEqual([
      { month: '2025-11', count: 2 },
      { month: '2025-12', count: 0 },
      { month: '2026-01', count: 0 },
      { month: '2026-02', count: 4 },
    ]);
    expect(continuousMonths([])).toEqual([]);
  });
});
