import type { DemographicField } from '@msp/shared/browser';
import { describe, expect, it } from 'vitest';
import {
  createDefaults,
  demographicFormSchema,
  editDefaults,
  identifierFromLabel,
  OPTIONS_FORMAT_MESSAGE,
  optionsToText,
  parseOptionsText,
  type DemographicFormValues,
} from './demographic-form.js';

const values = (overrides: Partial<DemographicFormValues> = {}): DemographicFormValues => ({
  ...createDefaults(0),
  identifier: 'employee_count',
  label: 'Number of Employees',
  ...overrides,
});

/** The field errors the form would show, by field. */
function errorsOf(input: DemographicFormValues): Record<string, string> {
  const result = demographicFormSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
}

describe('demographic field form', () => {
  it('starts a new field as required, active text after the existing ones', () => {
    expect(createDefaults(4)).toEqual({
      identifier: '',
      label: '',
      fieldType: 'text',
      options: '',
      order: '5',
      isRequired: true,
      isActive: true,
    });
  });

  it('fills the form from a saved field and writes its options back as JSON text', () => {
    const field: DemographicField = {
      id: 3,
      identifier: 'employee_count',
      label: 'Number of Employees',
      fieldType: 'select',
      options: ['1-10', '11-25'],
      order: 2,
      isRequired: false,
      isActive: true,
    };
    const form = editDefaults(field);
    expect(form).toMatchObject({ options: '["1-10", "11-25"]', order: '2', isRequired: false });
    expect(demographicFormSchema.parse(form)).toEqual({
      identifier: 'employee_count',
      label: 'Number of Employees',
      fieldType: 'select',
      options: ['1-10', '11-25'],
      order: 2,
      isRequired: false,
      isActive: true,
    });
  });

  it('turns the inputs into the request body: trimmed, order as a number, no options for text', () => {
    expect(
      demographicFormSchema.parse(values({ label: '  Company  ', order: ' 7 ', options: '["ignored"]' })),
    ).toMatchObject({ label: 'Company', order: 7, options: null, fieldType: 'text' });
    expect(demographicFormSchema.parse(values({ order: '' })).order).toBe(0);
  });

  it('reports every problem at its field, in the server’s words', () => {
    expect(errorsOf(values({ identifier: 'Employee Count', label: ' ', order: '-1' }))).toEqual({
      identifier: 'Identifier must be lowercase letters, numbers, and underscores only',
      label: 'Label is required',
      order: 'Order must be 0 or greater',
    });
  });

  it('asks for options as a JSON array for choices, once', () => {
    expect(errorsOf(values({ fieldType: 'select', options: '1-10, 11-25' }))).toEqual({
      options: OPTIONS_FORMAT_MESSAGE,
    });
    expect(errorsOf(values({ fieldType: 'radio', options: '' }))).toEqual({
      options: 'Add at least one option for a select or radio field',
    });
  });

  it('reads options text', () => {
    expect(parseOptionsText('')).toEqual({ ok: true, options: null });
    expect(parseOptionsText(' ["a", "b"] ')).toEqual({ ok: true, options: ['a', 'b'] });
    expect(parseOptionsText('[1, 2]')).toEqual({ ok: false });
    expect(parseOptionsText('{"a": 1}')).toEqual({ ok: false });
    expect(optionsToText(null)).toBe('');
    expect(optionsToText(['say "hi"'])).toBe('["say \\"hi\\""]');
  });

  it('makes an identifier from a label', () => {
    expect(identifierFromLabel('Number of Employees')).toBe('number_of_employees');
    expect(identifierFromLabel('  Société Générale!  ')).toBe('societe_generale');
    expect(identifierFromLabel('x'.repeat(70))).toHaveLength(64);
  });
});
