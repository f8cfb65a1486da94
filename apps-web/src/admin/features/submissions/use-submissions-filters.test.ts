import { describe, expect, it } from 'vitest';
import { languageLabel, languageQuery } from '../../lib/languages.js';
import {
  attributionQuery,
  narrowedByFilters,
  noMatchDescription,
  totalLabel,
  totalText,
} from './use-submissions-filters.js';

const NONE = { search: '', source: '', medium: '', campaign: '', ref: '', language: '' };

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

  it('names the language an empty list was narrowed to, alone or with attribution and a search', () => {
    expect(noMatchDescription({ ...NONE, language: 'de' })).toBe('No submission was taken in German (de).');
    expect(noMatchDescription({ ...NONE, language: 'de', ref: 'acme' })).toBe(
      'No submission taken in German (de) came from referral code “acme”.',
    );
    expect(noMatchDescription({ ...NONE, language: 'pt-BR', search: 'acme' })).toBe(
      'No submission was taken in Portuguese (Brazil) (pt-BR) with a name, email or company matching “acme”.',
    );
    expect(narrowedByFilters({ ...NONE, language: 'de' })).toBe(true);
    expect(narrowedByFilters(NONE)).toBe(false);
  });

  it('names a language in English with its tag, and asks for it only when one is chosen', () => {
    expect(languageLabel('de')).toBe('German (de)');
    expect(languageLabel('DE-at')).toBe('German (Austria) (de-AT)');
    // A tag no longer on the list still reads as itself.
    expect(languageLabel('x-klingon')).toBe('x-klingon');
    expect(languageQuery('')).toEqual({});
    expect(languageQuery('de')).toEqual({ language: 'de' });
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
