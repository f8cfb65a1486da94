import { describe, expect, it } from 'vitest';
import { paperForLanguages } from './report-paper.js';

describe('paperForLanguages', () => {
  it('chooses Letter for the Letter regions and A4 for every other region', () => {
    expect(paperForLanguages(['en-US'])).toBe('letter');
    expect(paperForLanguages(['fr-CA'])).toBe('letter');
    expect(paperForLanguages(['es-MX'])).toBe('letter');
    expect(paperForLanguages(['fil-PH'])).toBe('letter');
    expect(paperForLanguages(['en-GB'])).toBe('a4');
    expect(paperForLanguages(['de-DE'])).toBe('a4');
    expect(paperForLanguages(['es-ES'])).toBe('a4');
  });

  it('reads the region past a script subtag and in any case', () => {
    expect(paperForLanguages(['zh-Hant-TW'])).toBe('a4');
    expect(paperForLanguages(['en-us'])).toBe('letter');
    // A UN M.49 area code is a region too, and not one that prints on Letter.
    expect(paperForLanguages(['es-419'])).toBe('a4');
  });

  it('lets the first language that names a region decide', () => {
    expect(paperForLanguages(['en', 'en-US', 'de-DE'])).toBe('letter');
    expect(paperForLanguages(['de-DE', 'en-US'])).toBe('a4');
  });

  it('leaves the choice to the server when no language names a region', () => {
    expect(paperForLanguages([])).toBeUndefined();
    expect(paperForLanguages(['en', 'de'])).toBeUndefined();
    expect(paperForLanguages(['not a tag'])).toBeUndefined();
  });
});
