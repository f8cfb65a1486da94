import { describe, expect, it } from 'vitest';
import { attributionQuery, noMatchDescription, totalLabel, totalText } from './use-submissions-filters.js';

const NONE = { search: '', source: '', medium: '', campaign: '', ref: '' };

describe('the submissions filters', () => {
  it('says which attribution values an empty list was narrowed to', () => {
    expect(noMatchDescription({ ...NONE, source: 'linkedin' })).toBe(
      'No submission came from source “linkedin”.',
    );
    expect(noMatchDescription({ ...NONE, source: 'linkedin', campaign: 'spring' })).toBe(
      'No submission came from source “linkedin” and campaign “spring”.',
    );
    expect(noMatchDescription({ ...NONE, medium: 'email', ref: 'acme' })).toBe(
      'No submission came from medium “email” and referral code “acme”.',
    );
  });

  it('adds the search to the narrowed list’s explanation', () => {
    expect(noMatchDescription({ ...NONE, search: 'acme', campaign: 'spring' })).toBe(
      'No submission came from campaign “spring” with a name, email or company matching “acme”.',
    );
  });

  it('asks for only the attribution values given', () => {
    expect(attributionQuery({ source: '', medium: 'email', campaign: '', ref: 'acme' })).toEqual({
      medium: 'email',
      ref: 'acme',
    });
  });

  it('counts matching submissions when narrowed, and one or many otherwise', () => {
    expect(totalLabel(3, true)).toBe(' matching submissions');
    expect(totalLabel(1, true)).toBe(' matching submission');
    expect(totalLabel(1, false)).toBe(' submission');
    expect(totalLabel(2, false)).toBe(' submissions');
  });

  it('says a capped count is a lower bound', () => {
    expect(totalText({ total: 1234, totalCapped: false })).toBe('1,234');
    expect(totalText({ total: 10_000, totalCapped: true })).toBe('more than 10,000');
  });
});
