import { describe, expect, it } from 'vitest';
import { noMatchDescription, totalLabel } from './use-submissions-filters.js';

describe('the submissions filters', () => {
  it('says which source and campaign an empty list was narrowed to', () => {
    expect(noMatchDescription({ search: '', source: 'linkedin', campaign: '' })).toBe(
      'No submission came from source “linkedin”.',
    );
    expect(noMatchDescription({ search: '', source: 'linkedin', campaign: 'spring' })).toBe(
      'No submission came from source “linkedin” and campaign “spring”.',
    );
  });

  it('adds the search to the narrowed list’s explanation', () => {
    expect(noMatchDescription({ search: 'acme', source: '', campaign: 'spring' })).toBe(
      'No submission came from campaign “spring” with a name, email or company matching “acme”.',
    );
  });

  it('counts matching submissions when narrowed, and one or many otherwise', () => {
    expect(totalLabel(3, true)).toBe(' matching submissions');
    expect(totalLabel(1, false)).toBe(' submission');
    expect(totalLabel(2, false)).toBe(' submissions');
  });
});
