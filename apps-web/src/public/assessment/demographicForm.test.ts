import type { DemographicField } from '@msp/shared/browser';
import { describe, expect, it } from 'vitest';
import {
  CONSENT_AGREED,
  CONSENT_NAME,
  CONSENT_REQUIRED_MESSAGE,
  demographicProblems,
  demographicSchema,
} from './demographicForm.js';

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
    expect(demographicProblems(fields, {})).toBeUndefined();
    expect(demographicProblems(fields, { first_name: undefined, company: '' })).toBeUndefined();
  });

  it('name the one field with a problem', () => {
    expect(demographicProblems(fields, { company: 'Company Name is required' })).toEqual({
      first: fields[2],
      announcement: 'Company Name is required.',
    });
  });

  it('lead to the first field in the form’s order and name every field, counted', () => {
    const problems = demographicProblems(fields, {
      company: 'Company Name is required',
      email_address: 'Please enter a valid email address',
    });
    expect(problems?.first).toBe(fields[1]);
    expect(problems?.announcement).toBe(
      '2 fields need your attention. Email Address: Please enter a valid email address. Company Name is required.',
    );
  });

  it('name the consent statement after the fields, and lead to it when it is the only problem', () => {
    expect(demographicProblems(fields, {}, CONSENT_REQUIRED_MESSAGE)).toEqual({
      first: null,
      announcement: 'Please tick the consent statement to continue.',
    });
    const both = demographicProblems(
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
    expect(demographicSchema(fields).safeParse(filled).success).toBe(true);
    const asked = demographicSchema(fields, true);
    const unticked = asked.safeParse({ ...filled, [CONSENT_NAME]: '' });
    expect(unticked.success).toBe(false);
    expect(unticked.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      [CONSENT_NAME, CONSENT_REQUIRED_MESSAGE],
    ]);
    expect(asked.safeParse({ ...filled, [CONSENT_NAME]: CONSENT_AGREED }).success).toBe(true);
  });
});
