import type { DemographicField } from '@msp/shared/browser';
import { describe, expect, it } from 'vitest';
import { demographicProblems } from './demographicForm.js';

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
});
