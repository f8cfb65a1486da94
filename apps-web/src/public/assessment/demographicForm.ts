import { validateDemographicValue, type DemographicField } from '@msp/shared/browser';
import { z } from 'zod/mini';

/** Form values keyed by form field name (see `formName`). */
export type DemographicFormValues = Record<string, string>;

/**
 * Form field name of a demographic field. Identifiers may start with a digit, which
 * react-hook-form would read as an array index, so every name gets a prefix.
 */
export const formName = (identifier: string) => `field_${identifier}`;

/** The zod schema of the demographic step, built from the active fields with the shared rules. */
export function demographicSchema(fields: readonly DemographicField[]) {
  const shape: Record<string, z.ZodMiniType<string, string>> = {};
  for (const field of fields) {
    shape[formName(field.identifier)] = z.string().check(
      z.superRefine((value, ctx) => {
        const message = validateDemographicValue(field, value);
        if (message) ctx.addIssue({ code: 'custom', message, input: value });
      }),
    );
  }
  return z.object(shape);
}

export function toFormValues(
  fields: readonly DemographicField[],
  stored: Readonly<Record<string, string>>,
): DemographicFormValues {
  return Object.fromEntries(
    fields.map((field) => [formName(field.identifier), stored[field.identifier] ?? '']),
  );
}

export function fromFormValues(
  fields: readonly DemographicField[],
  values: Readonly<Record<string, string | undefined>>,
): Record<string, string> {
  return Object.fromEntries(
    fields.map((field) => [field.identifier, values[formName(field.identifier)] ?? '']),
  );
}

/** What the server receives: trimmed values, empty ones left out. */
export function demographicPayload(
  fields: readonly DemographicField[],
  stored: Readonly<Record<string, string>>,
): Record<string, string> {
  const payload: Record<string, string> = {};
  for (const field of fields) {
    const value = stored[field.identifier]?.trim();
    if (value) payload[field.identifier] = value;
  }
  return payload;
}

/**
 * Whether every required field has a value: the demographic step's Next is enabled only then.
 * Anything typed counts; a value of only spaces is caught by validation on Next ("{label} is required").
 */
export function requiredFilled(
  fields: readonly DemographicField[],
  stored: Readonly<Record<string, string>>,
): boolean {
  return fields.every((field) => !field.isRequired || Boolean(stored[field.identifier]));
}

/** Whether the visitor has typed or chosen anything yet. */
export function anyFilled(
  fields: readonly DemographicField[],
  stored: Readonly<Record<string, string>>,
): boolean {
  return fields.some((field) => Boolean(stored[field.identifier]));
}
