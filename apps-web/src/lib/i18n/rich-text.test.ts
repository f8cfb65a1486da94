import { createTranslator } from '@msp/shared/browser';
import { describe, expect, it } from 'vitest';
import { splitAround } from './rich-text.js';

describe('a message split around an argument', () => {
  it('gives the text either side of the argument, in the translation’s word order', () => {
    const t = createTranslator('de', { msg: 'Wir konnten {path} nicht finden.' });
    expect(splitAround((path) => t('msg', { path }))).toEqual({
      before: 'Wir konnten ',
      after: ' nicht finden.',
      found: true,
    });
  });

  it('gives the whole text when a translation leaves the argument out', () => {
    const t = createTranslator('en', { msg: 'Not found.' });
    expect(splitAround((path) => t('msg', { path }))).toEqual({
      before: 'Not found.',
      after: '',
      found: false,
    });
  });
});
