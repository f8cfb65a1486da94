import { demographicProblem, type DemographicField, type DemographicProblem } from '@msp/shared/browser';
import { z } from 'zod/mini';
import type { T } from '../../lib/i18n/i18n-context.js';

/** Form values keyed by form field name (see `formName`), and the consent tick under CONSENT_NAME. */
export type DemographicFormValues = Record<string, string>;

/**
 * The form value of the consent checkbox: 'agreed' once ticked, '' before. Every field's name
 * starts with `field_`, so it cannot meet one.
 */
export const CONSENT_NAME = 'consent';
export const CONSENT_AGREED = 'agreed';

/**
 * Form field name of a demographic field. Identifiers may start with a digit, which
 * react-hook-form would read as an array index, so every name gets a prefix.
 */
export const formName = (identifier: string) => `field_${identifier}`;

/** The id of a field's input (or, for radios, the name they share). */
export const demographicInputId = (identifier: string) => `demographic-${identifier}`;
/** The consent checkbox's id: apart from the fields' ids, whatever their identifiers. */
export const CONSENT_INPUT_ID = 'assessment-consent';

/** A shared rule's problem in the visitor's language: the server's English, in the catalogue. */
export function demographicMessage(t: T, problem: DemographicProblem): string {
  switch (problem.code) {
    case 'required':
      return t('assessment.validation.required', { label: problem.label });
    case 'emailTooLong':
      return t('assessment.validation.emailTooLong', { max: problem.max });
    default:
      return t(`assessment.validation.${problem.code}`);
  }
}

/**
 * The zod schema of the demographic step, built from the active fields with the shared rules, and
 * the consent tick when a statement is asked for; its messages are in the language of `t`.
 */
export function demographicSchema(fields: readonly DemographicField[], askConsent: boolean, t: T) {
  const shape: Record<string, z.ZodMiniType<string, string>> = {};
  if (askConsent) {
    shape[CONSENT_NAME] = z.string().check(
      z.refine((value) => value === CONSENT_AGREED, {
        error: t('assessment.validation.consentRequired'),
      }),
    );
  }
  for (const field of fields) {
    shape[formName(field.identifier)] = z.string().check(
      z.superRefine((value, ctx) => {
        const problem = demographicProblem(field, value);
        if (problem) ctx.addIssue({ code: 'custom', message: demographicMessage(t, problem), input: value });
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

/** Whether the visitor has typed or chosen anything yet. */
export function anyFilled(
  fields: readonly DemographicField[],
  stored: Readonly<Record<string, string>>,
): boolean {
  return fields.some((field) => Boolean(stored[field.identifier]));
}

/** What a Next that failed validation tells the visitor: where to go, and what to hear. */
export interface DemographicProblems {
  /**
   * The first field, in the form's order, with a problem: focus moves there. Null when the only
   * problem is the consent statement left unticked.
   */
  first: DemographicField | null;
  /** One sentence per field with a problem, each naming its field, for a screen reader. */
  announcement: string;
}

/**
 * The fields with a message after a failed Next, in the form's order, then the consent tick's
 * message when there is one (it sits below the fields). `messages` holds each field's message by
 * identifier; a field without one is fine.
 */
export function demographicProblems(
  t: T,
  fields: readonly DemographicField[],
  messages: Readonly<Record<string, string | undefined>>,
  consentMessage?: string,
): DemographicProblems | undefined {
  const problems: { field: DemographicField | null; message: string }[] = fields.flatMap((field) => {
    const message = messages[field.identifier];
    return message ? [{ field, message }] : [];
  });
  if (consentMessage) problems.push({ field: null, message: consentMessage });
  const first = problems[0];
  if (!first) return undefined;
  // "First Name is required" names its field already; "Please enter a valid email address" does not.
  const sentences = problems.map(({ field, message }) => {
    const named =
      field === null || message.includes(field.label)
        ? message
        : t('assessment.validation.fieldProblem', { label: field.label, message });
    return /[.!?]$/.test(named) ? named : `${named}.`;
  });
  const lead =
    problems.length > 1 ? [t('assessment.validation.fieldsNeedAttention', { count: problems.length })] : [];
  return { first: first.field, announcement: [...lead, ...sentences].join(' ') };
}
