import { createTranslator, type DemographicField } from '@msp/shared/browser';
import { BUILT_IN_CATALOGUES, EN_MESSAGES } from '@msp/shared/catalogues';
import { describe, expect, it } from 'vitest';
import {
  CONSENT_AGREED,
  CONSENT_NAME,
  demographicMessage,
  demographicProblems,
  demographicSchema,
  formName,
} from './demographicForm.js';

const en = createTranslator('en', EN_MESSAGES);
const de = createTranslator('de', BUILT_IN_CATALOGUES.de!, EN_MESSAGES);
const CONSENT_REQUIRED_MESSAGE = 'Please tick the consent statement to continue';

const field = (identifier: string, label: string, order: number): DemographicField => ({
  id: order,
  identifier,
  label,
  fieldType: 'text',
  options: null,
  isRequired: true,
  isActive: true,
  order,
});

const fields = [
  field('first_name', 'First Name', 1),
  field('email_address', 'Email Address', 2),
  field('company', 'Company Name', 3),
];

describe('the problems a failed Next reports', () => {
  it('are none when no field has a message', () => {
    expect(demographicProblems(en, fields, {})).toBeUndefined();
    expect(demographicProblems(en, fields, { first_name: undefined, company: '' })).toBeUndefined();
  });

  it('name the one field with a problem', () => {
    expect(demographicProblems(en, fields, { company: 'Company Name is required' })).toEqual({
      first: fields[2],
      announcement: 'Company Name is required.',
    });
  });

  it('lead to the first field in the form’s order and name every field, counted', () => {
    const problems = demographicProblems(en, fields, {
      company: 'Company Name is required',
      email_address: 'Please enter a valid email address',
    });
    expect(problems?.first).toBe(fields[1]);
    expect(problems?.announcement).toBe(
      '2 fields need your attention. Email Address: Please enter a valid email address. Company Name is required.',
    );
  });

  it('name the consent statement after the fields, and lead to it when it is the only problem', () => {
    expect(demographicProblems(en, fields, {}, CONSENT_REQUIRED_MESSAGE)).toEqual({
      first: null,
      announcement: 'Please tick the consent statement to continue.',
    });
    const both = demographicProblems(
      en,
      fields,
      { first_name: 'First Name is required' },
      CONSENT_REQUIRED_MESSAGE,
    );
    expect(both?.first).toBe(fields[0]);
    expect(both?.announcement).toBe(
      '2 fields need your attention. First Name is required. Please tick the consent statement to continue.',
    );
  });
});

describe('the consent tick', () => {
  const filled = { field_first_name: 'Ada', field_email_address: 'ada@example.com', field_company: 'Acme' };

  it('is required only when a statement is asked for', () => {
    expect(demographicSchema(fields, false, en).safeParse(filled).success).toBe(true);
    const asked = demographicSchema(fields, true, en);
    const unticked = asked.safeParse({ ...filled, [CONSENT_NAME]: '' });
    expect(unticked.success).toBe(false);
    expect(unticked.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      [CONSENT_NAME, CONSENT_REQUIRED_MESSAGE],
    ]);
    expect(asked.safeParse({ ...filled, [CONSENT_NAME]: CONSENT_AGREED }).success).toBe(true);
  });
});

describe('a shared rule’s message in the visitor’s language', () => {
  const rules = [
    { ...fields[0]!, label: 'Vorname' },
    { ...fields[1]!, fieldType: 'email' as const, isRequired: false },
    { ...fields[2]!, fieldType: 'number' as const },
    { ...fields[2]!, fieldType: 'select' as const, options: ['1-5', '6-10'] },
  ];
  const cases = [
    [rules[0]!, ''],
    [rules[1]!, 'ada@'],
    [rules[1]!, `${'x'.repeat(300)}@example.com`],
    [rules[2]!, 'many'],
    [rules[3]!, '7'],
  ] as const;
  const messages = (t: typeof en) =>
    cases.map(
      ([rule, value]) =>
        demographicSchema([rule], false, t).safeParse({ [formName(rule.identifier)]: value }).error?.issues[0]
          ?.message,
    );

  it('is the English the server answers in English', () => {
    expect(messages(en)).toEqual([
      'Vorname is required',
      'Please enter a valid email address',
      'Please enter an email address of at most 254 characters',
      'Please enter a number',
      'Please choose one of the listed options',
    ]);
  });

  it('is German in German, the field named by its German label', () => {
    expect(messages(de)).toEqual([
      'Vorname ist ein Pflichtfeld',
      'Bitte geben Sie eine gültige E-Mail-Adresse ein',
      'Bitte geben Sie eine E-Mail-Adresse mit höchstens 254 Zeichen ein',
      'Bitte geben Sie eine Zahl ein',
      'Bitte wählen Sie eine der aufgeführten Optionen',
    ]);
    expect(demographicMessage(de, { code: 'invalidNumber' })).toBe('Bitte geben Sie eine Zahl ein');
  });

  it('counts and names the fields of a failed Next in German', () => {
    const problems = demographicProblems(
      de,
      rules.slice(0, 2),
      { first_name: 'Vorname ist ein Pflichtfeld', email_address: 'Bitte geben Sie eine Zahl ein' },
      de('assessment.validation.consentRequired'),
    );
    expect(problems?.announcement).toBe(
      '3 Felder benötigen Ihre Aufmerksamkeit. Vorname ist ein Pflichtfeld. Email Address: Bitte geben Sie eine Zahl ein. ' +
        'Bitte bestätigen Sie die Einwilligungserklärung, um fortzufahren.',
    );
  });
});
