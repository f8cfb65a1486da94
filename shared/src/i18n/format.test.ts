import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { DE_MESSAGES } from './catalog/de/index.js';
import { EN_MESSAGES } from './catalog/en/index.js';
import { createTranslator, icuSyntaxError, messageArguments } from './format.js';

describe('the product’s strings', () => {
  it('format ICU plurals in each language', () => {
    const en = createTranslator('en', EN_MESSAGES);
    const de = createTranslator('de', DE_MESSAGES, EN_MESSAGES);
    const values = {
      strongestCount: 2,
      strongest: 'A und B',
      topLevel: 'x',
      topPercent: 70,
      weakest: 'C',
      weakestCount: 1,
      bottomLevel: 'y',
      bottomPercent: 10,
    };
    expect(de('analyst.strongestWeakest', values)).toMatch(
      /^Ihre stärksten Säulen sind A und B .* C liegt mit y/,
    );
    expect(en('analyst.strongestWeakest', { ...values, strongestCount: 1 })).toMatch(
      /^Your strongest pillar is/,
    );
  });

  it('format numbers, dates and plurals of several messages in each one’s own way, with formatters shared', () => {
    const de = createTranslator('de', {
      items: '{count, plural, one {# Eintrag} other {# Einträge}}',
      share: '{part, number, percent} von {total, number}',
      day: 'am {when, date, long}',
      rank: '{place, selectordinal, one {#.} other {#.}} Platz, {count, plural, one {# Stimme} other {# Stimmen}}',
    });
    expect(de('items', { count: 1 })).toBe('1 Eintrag');
    expect(de('items', { count: 1234 })).toBe('1.234 Einträge');
    expect(de('share', { part: 0.5, total: 12500 })).toBe('50\u00a0% von 12.500');
    expect(de('day', { when: new Date(Date.UTC(2026, 10, 30, 12)) })).toBe('am 30. November 2026');
    expect(de('rank', { place: 2, count: 1 })).toBe('2. Platz, 1 Stimme');
    const en = createTranslator('en', { share: '{part, number, percent} of {total, number}' });
    expect(en('share', { part: 0.5, total: 12500 })).toBe('50% of 12,500');
  });

  it('give a plain sentence as IntlMessageFormat does, without it, and quoting and # still through it', () => {
    // The shortcut for plain text must agree with the library on every message that takes it.
    for (const [lang, catalogue] of [
      ['en', EN_MESSAGES],
      ['de', DE_MESSAGES],
    ] as const) {
      const translate = createTranslator(lang, catalogue);
      for (const [id, text] of Object.entries(catalogue)) {
        if (/[{}<>#]|''/.test(text)) continue;
        expect(translate(id), id).toBe(new IntlMessageFormat(text, lang).format());
      }
    }
    const en = createTranslator('en', {
      quoted: "It''s '{'literal'}'",
      hash: 'Room #4',
      apostrophe: "Your MSP's score",
    });
    expect(en('quoted')).toBe("It's {literal}");
    expect(en('hash')).toBe('Room #4');
    expect(en('apostrophe')).toBe("Your MSP's score");
  });

  it('resolve a tag’s locale as IntlMessageFormat’s own way does', () => {
    const own = (tag: string) => {
      const supported = Intl.NumberFormat.supportedLocalesOf(tag);
      return new Intl.Locale(supported[0] ?? tag).toString();
    };
    for (const tag of ['en', 'de-AT', 'EN-us', 'zh-Hant-TW', 'sr-Latn', 'xx'])
      expect(IntlMessageFormat.resolveLocale(tag)?.toString(), tag).toBe(own(tag));
    expect(new IntlMessageFormat('{n, number}', 'de-AT').resolvedOptions().locale).toBe('de-AT');
  });

  it('fall back to the default catalogue for a missing or broken message, never showing an id', () => {
    const partial = createTranslator(
      'fr',
      { 'level.0.name': 'Aucun', 'level.1.name': '{broken' },
      EN_MESSAGES,
    );
    expect(partial('level.0.name')).toBe('Aucun');
    expect(partial('level.1.name')).toBe('Some');
    expect(partial('level.2.name')).toBe('Advanced');
  });

  it('keep every argument of the English message in German, and parse', () => {
    for (const [id, english] of Object.entries(EN_MESSAGES)) {
      const german = DE_MESSAGES[id as keyof typeof DE_MESSAGES];
      expect(icuSyntaxError(german, 'de'), id).toBeUndefined();
      expect(messageArguments(german), id).toEqual(messageArguments(english));
    }
  });
});
