import { describe, expect, it } from 'vitest';
import { datesBackwards, queryFilters } from '../../lib/date-range.js';
import { filtersFromParams } from './use-audit-filters.js';

describe('the audit log filters', () => {
  it('reads the filters that have a value from the URL, and nothing else', () => {
    const params = new URLSearchParams('page=2&actor=ada%40example.test&action=&targetType=user&other=x');
    expect(filtersFromParams(params)).toEqual({ actor: 'ada@example.test', targetType: 'user' });
  });

  it('reads the list without an end date before the start date', () => {
    const backwards = { startDate: '2026-03-10', endDate: '2026-03-01' };
    expect(datesBackwards(backwards)).toBe(true);
    expect(queryFilters(backwards)).toEqual({ startDate: '2026-03-10', endDate: undefined });
  });

  it('keeps a range that runs forwards, or a single day', () => {
    const range = { startDate: '2026-03-01', endDate: '2026-03-01' };
    expect(datesBackwards(range)).toBe(false);
    expect(queryFilters(range)).toBe(range);
    expect(datesBackwards({ endDate: '2026-03-01' })).toBe(false);
  });
});
