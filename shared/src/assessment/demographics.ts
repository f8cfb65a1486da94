import { EMAIL_MAX_LENGTH, EMAIL_TOO_LONG_MESSAGE, INVALID_EMAIL } from '../contract/limits.js';
import type { DemographicField } from '../contract/demographic-fields/schemas.js';

/** Text, an at sign, text, a dot and text: a deliberately simple email rule. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const MESSAGES = {
  required: (label: string) => `${label} is required`,
  invalidEmail: INVALID_EMAIL,
  emailTooLong: EMAIL_TOO_LONG_MESSAGE,
  invalidNumber: 'Please enter a number',
  invalidOption: 'Please choose one of the listed options',
} as const;

type FieldRule = Pick<DemographicField, 'identifier' | 'label' | 'fieldType' | 'isRequired'> & {
  options: readonly string[] | null;
};

/**
 * Checks one value against its field. The visitor form and the server use the same rules, so a
 * message the server answers is one the form would have shown. Returns the message, or null.
 */
export function validateDemographicValue(field: FieldRule, rawValue: string | undefined): string | null {
  const value = rawValue?.trim() ?? '';
  if (value === '') return field.isRequired ? MESSAGES.required(field.label) : null;
  switch (field.fieldType) {
    case 'email':
      if (value.length > EMAIL_MAX_LENGTH) return MESSAGES.emailTooLong;
      return EMAIL_PATTERN.test(value) ? null : MESSAGES.invalidEmail;
    case 'number':
      return Number.isFinite(Number(value)) ? null : MESSAGES.invalidNumber;
    case 'select':
    case 'radio':
      return field.options && !field.options.includes(value) ? MESSAGES.invalidOption : null;
    default:
      return null;
  }
}

/** Errors by field identifier for every field with a problem. */
export function validateDemographics(
  fields: readonly FieldRule[],
  data: Readonly<Record<string, string | undefined>>,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const message = validateDemographicValue(field, data[field.identifier]);
    if (message) errors[field.identifier] = message;
  }
  return errors;
}

const EMPLOYEE_KEYS = ['employee_count', 'Number of Employees in Your Company', 'Number of Employees'];
const MANAGED_KEYS = [
  'managed_companies',
  'Number of Companies Your MSP Manages',
  'Number of Managed Companies',
];

function firstPresent(data: Readonly<Record<string, string>>, keys: readonly string[]): string | null {
  for (const key of keys) {
    const value = data[key]?.trim();
    if (value) return value;
  }
  return null;
}

/** The two answers the peer comparison groups by, read by identifier or, for older data, by label. */
export function comparisonKeys(data: Readonly<Record<string, string>>): {
  employeeCount: string | null;
  managedCompanies: string | null;
} {
  return {
    employeeCount: firstPresent(data, EMPLOYEE_KEYS),
    managedCompanies: firstPresent(data, MANAGED_KEYS),
  };
}
