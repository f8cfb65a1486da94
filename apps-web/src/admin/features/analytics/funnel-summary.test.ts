import { describe, expect, it } from 'vitest';
import { defaultFunnelRange, formatFunnelTime, funnelRangeProblem } from './funnel-summary.js';

describe('the funnel panel’s wording', () => {
  it('says each time bucket in words', () => {
    expect(formatFunnelTime(null)).toBe('—');
    expect(formatFunnelTime({ fromSeconds: 0, toSeconds: 5 })).toBe('under 5 s');
    expect(formatFunnelTime({ fromSeconds: 15, toSeconds: 30 })).toBe('15–30 s');
    expect(formatFunnelTime({ fromSeconds: 30, toSeconds: 60 })).toBe('30 s–1 min');
    expect(formatFunnelTime({ fromSeconds: 120, toSeconds: 300 })).toBe('2–5 min');
    expect(formatFunnelTime({ fromSeconds: 300, toSeconds: null })).toBe('5 min or more');
  });

  it('defaults to the last 30 days and refuses a range the server would', () => {
    expect(defaultFunnelRange(Date.parse('2026-11-28T12:00:00Z'))).toEqual({
      from: '2026-10-30',
      to: '2026-11-28',
    });
    expect(funnelRangeProblem('2026-11-01', '2026-11-30')).toBeNull();
    expect(funnelRangeProblem('2026-11-30', '2026-11-01')).toMatch(/before/);
    expect(funnelRangeProblem('', '2026-11-01')).toMatch(/Choose/);
    expect(funnelRangeProblem('2020-01-01', '2026-11-01')).toMatch(/1,200/);
  });
});
