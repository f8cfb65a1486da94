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
 * Which rule a value breaks, by code, with what its message needs: the browser words it in the
 * visitor's language from its catalogue (`assessment.validation.<code>`), the server in English.
 */
export type DemographicProblem =
  | { code: 'required'; label: string }
  | { code: 'invalidEmail' }
  | { code: 'emailTooLong'; max: number }
  | { code: 'invalidNumber' }
  | { code: 'invalidOption' };

/**
 * Checks one value against its field. The visitor form and the server use the same rules, so a
 * problem the server answers is one the form would have shown. Returns the problem, or null.
 */
export function demographicProblem(
  field: FieldRule,
  rawValue: string | undefined,
): DemographicProblem | null {
  const value = rawValue?.trim() ?? '';
  if (value === '') return field.isRequired ? { code: 'required', label: field.label } : null;
  switch (field.fieldType) {
    case 'email':
      if (value.length > EMAIL_MAX_LENGTH) return { code: 'emailTooLong', max: EMAIL_MAX_LENGTH };
      return EMAIL_PATTERN.test(value) ? null : { code: 'invalidEmail' };
    case 'number':
      return Number.isFinite(Number(value)) ? null : { code: 'invalidNumber' };
    case 'select':
    case 'radio':
      return field.options && !field.options.includes(value) ? { code: 'invalidOption' } : null;
    default:
      return null;
  }
}

/** A problem in English, as the API answers it. */
export function demographicProblemMessage(problem: DemographicProblem): string {
  return problem.code === 'required' ? MESSAGES.required(problem.label) : MESSAGES[problem.code];
}

/** Checks one value against its field; the English message, or null. */
export function validateDemographicValue(field: FieldRule, rawValue: string | undefined): string | null {
  const problem = demographicProblem(field, rawValue);
  return problem && demographicProblemMessage(problem);
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
