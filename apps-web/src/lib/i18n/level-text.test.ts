import { createTranslator } from '@msp/shared/browser';
import { BUILT_IN_CATALOGUES } from '@msp/shared/catalogues';
import { describe, expect, it } from 'vitest';
import { levelText } from './level-text.js';

const inLanguage = (language: string) =>
  levelText(createTranslator(language, BUILT_IN_CATALOGUES[language]!, BUILT_IN_CATALOGUES.en));

describe('level texts', () => {
  it('read in English exactly as the scoring rules name the levels', () => {
    const en = inLanguage('en');
    expect(en.name(2)).toBe('Advanced');
    expect(en.label(2)).toBe('Level 2: Advanced');
    expect(en.description(0)).toBe('Little automation in use');
    expect(en.ofThree(1)).toBe('Level 1 of 3');
  });

  it('read in German from the German catalogue', () => {
    const de = inLanguage('de');
    expect(de.label(3)).toBe('Stufe 3: Ausgereift');
    expect(de.description(1)).toBe('Erste Automatisierung im Aufbau');
    expect(de.ofThree(2)).toBe('Stufe 2 von 3');
  });

  it('clamp a level out of range to the nearest one', () => {
    const en = inLanguage('en');
    expect(en.label(7)).toBe('Level 3: Mature');
    expect(en.name(-1)).toBe('None');
    expect(en.label(1.6)).toBe('Level 2: Advanced');
  });
});
