import { describe, expect, it } from 'vitest';
import { draftFiltersFromParams, progressText, progressValue } from './use-drafts-filters.js';

describe('the saved drafts screen', () => {
  it('reads the filters that have a value from the URL, and nothing else', () => {
    const params = new URLSearchParams('page=2&search=acme&language=&startDate=2026-11-01&other=x');
    expect(draftFiltersFromParams(params)).toEqual({ search: 'acme', startDate: '2026-11-01' });
  });

  it('says how far a visitor got, and draws it as a part of the bar', () => {
    expect(progressText(12, 30)).toBe('12 of 30 answered');
    expect(progressValue(12, 30)).toBe(0.4);
    // Questions removed since the save: never past a full bar, never divided by zero.
    expect(progressValue(31, 30)).toBe(1);
    expect(progressValue(0, 0)).toBe(0);
  });
});
