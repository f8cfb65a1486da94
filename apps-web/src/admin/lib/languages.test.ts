import { describe, expect, it } from 'vitest';
import { analysisLanguageNote } from './languages.js';

describe('the language of a submission’s analysis', () => {
  it('says nothing when the analysis reads in the submission’s language, or is from before languages', () => {
    expect(analysisLanguageNote('de', 'de')).toBeNull();
    expect(analysisLanguageNote(null, 'de')).toBeNull();
  });

  it('says which language it reads in, and why, when the analyst fell back to the default', () => {
    expect(analysisLanguageNote('en', 'fr')).toBe(
      'Written in English: the built-in analyst has no texts in French yet (translate them on the Translations screen).',
    );
  });
});
