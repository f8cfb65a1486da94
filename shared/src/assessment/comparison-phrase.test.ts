import { createTranslator } from '../i18n/format.js';
import { BUILT_IN_CATALOGUES, EN_MESSAGES } from '../i18n/catalog/index.js';
import { describe, expect, it } from 'vitest';
import { similarityPhrase as phraseIn } from './comparison-phrase.js';

const en = createTranslator('en', EN_MESSAGES);
const de = createTranslator('de', BUILT_IN_CATALOGUES.de!, EN_MESSAGES);
const similarityPhrase = (...args: [Parameters<typeof phraseIn>[1], Parameters<typeof phraseIn>[2]]) =>
  phraseIn(en, ...args);

describe('similarityPhrase', () => {
  const answers = { employee_count: '11-25', managed_companies: '26-50' };

  it('names both answers when the peers share both', () => {
    expect(similarityPhrase('employees_and_companies', answers)).toBe(
      'with 11-25 employees managing 26-50 companies',
    );
  });

  it('names only the answer the peers were grouped by', () => {
    expect(similarityPhrase('employees', answers)).toBe('with 11-25 employees');
    expect(similarityPhrase('companies', answers)).toBe('managing 26-50 companies');
  });

  it('says all company sizes when no group was large enough', () => {
    expect(similarityPhrase('all', answers)).toBe('across all company sizes');
  });

  it('does not repeat a unit the answer already carries', () => {
    expect(
      similarityPhrase('employees_and_companies', {
        employee_count: '11-25 Employees',
        managed_companies: '50+ clients',
      }),
    ).toBe('with 11-25 Employees managing 50+ clients');
  });

  it('reads older submissions keyed by label', () => {
    expect(
      similarityPhrase('employees_and_companies', {
        'Number of Employees': '1-10',
        'Number of Managed Companies': '1-10',
      }),
    ).toBe('with 1-10 employees managing 1-10 companies');
  });

  it('falls back to a general phrase when the visitor left the answer out', () => {
    expect(similarityPhrase('employees_and_companies', {})).toBe('of a similar size');
    expect(similarityPhrase('employees', { managed_companies: '26-50' })).toBe(
      'with a similar number of employees',
    );
    expect(similarityPhrase('companies', { employee_count: '  ' })).toBe(
      'managing a similar number of companies',
    );
  });

  it('reads in German, the units and the joining word German too', () => {
    expect(phraseIn(de, 'employees_and_companies', answers)).toBe(
      'mit 11-25 Mitarbeitenden und 26-50 betreuten Unternehmen',
    );
    expect(phraseIn(de, 'companies', answers)).toBe('mit 26-50 betreuten Unternehmen');
    expect(phraseIn(de, 'employees', {})).toBe('mit einer ähnlichen Zahl an Mitarbeitenden');
    expect(phraseIn(de, 'all', answers)).toBe('aller Unternehmensgrößen');
  });
});
