import { describe, expect, it } from 'vitest';
import { matchLanguage, negotiateLanguage, parseAcceptLanguage } from './negotiate.js';

describe('choosing the visitor’s language', () => {
  const offered = ['en', 'de', 'fr-CA'];

  it('reads Accept-Language by weight, then by order, leaving out * and what is not a tag', () => {
    expect(parseAcceptLanguage('fr;q=0.5, de-AT, *;q=0.1, en;q=0.8, x y, de;q=0')).toEqual([
      'de-AT',
      'en',
      'fr',
    ]);
    expect(parseAcceptLanguage(undefined)).toEqual([]);
    expect(parseAcceptLanguage('')).toEqual([]);
  });

  it('falls back from a region to its language, and finds an offered region from a bare language', () => {
    expect(matchLanguage('de-AT', offered)).toBe('de');
    expect(matchLanguage('DE', offered)).toBe('de');
    expect(matchLanguage('fr', offered)).toBe('fr-CA');
    expect(matchLanguage('fr-FR', offered)).toBe('fr-CA');
    expect(matchLanguage('nl', offered)).toBeUndefined();
  });

  it('takes ?lang= first, then the saved choice, then Accept-Language, then the default', () => {
    const choose = (choice: Parameters<typeof negotiateLanguage>[0]) =>
      negotiateLanguage(choice, offered, 'en');
    expect(choose({ query: 'de', saved: 'en', acceptLanguage: 'fr' })).toBe('de');
    expect(choose({ saved: 'de', acceptLanguage: 'fr' })).toBe('de');
    expect(choose({ acceptLanguage: 'nl, de-CH;q=0.7' })).toBe('de');
    expect(choose({ query: 'nl', acceptLanguage: 'nl' })).toBe('en');
    // An unknown ?lang= does not hide the saved choice behind it.
    expect(choose({ query: 'xx', saved: 'de' })).toBe('de');
    expect(choose({})).toBe('en');
  });
});
