import { z } from 'zod';
import { WholeNumber } from '../common.js';
import { CONSENT_STATEMENT_MAX_LENGTH } from '../limits.js';

export { CONSENT_STATEMENT_MAX_LENGTH } from '../limits.js';

export const DemographicFieldType = z.enum(['text', 'email', 'select', 'radio', 'number']);
export type DemographicFieldType = z.infer<typeof DemographicFieldType>;

export const DemographicField = z.object({
  id: z.number().int(),
  identifier: z.string(),
  label: z.string(),
  fieldType: DemographicFieldType,
  options: z.array(z.string()).nullable(),
  order: z.number().int(),
  isRequired: z.boolean(),
  isActive: z.boolean(),
});
export type DemographicField = z.infer<typeof DemographicField>;

/**
 * A field as a visitor gets it, in their language: `optionLabels` are what each option reads as,
 * `options` what is submitted and stored, always the default language's, so a filter or an export
 * finds one value whichever language a visitor chose.
 */
export const PublicDemographicField = DemographicField.extend({
  optionLabels: z.array(z.string()).nullable(),
});
export type PublicDemographicField = z.infer<typeof PublicDemographicField>;

const order = (message: string) => WholeNumber(message);

export const IDENTIFIER_PATTERN = /^[a-z0-9_]+$/;

export const DemographicFieldInput = z
  .strictObject({
    identifier: z
      .string({ error: 'Identifier is required' })
      .trim()
      .min(1, { error: 'Identifier is required' })
      .max(64, { error: 'Identifier must be at most 64 characters' })
      .regex(IDENTIFIER_PATTERN, {
        error: 'Identifier must be lowercase letters, numbers, and underscores only',
      }),
    label: z.string({ error: 'Label is required' }).trim().min(1, { error: 'Label is required' }).max(200),
    fieldType: DemographicFieldType,
    options: z
      .array(z.string().trim().min(1, { error: 'An option cannot be empty' }).max(200))
      .max(100)
      .nullable()
      .default(null),
    order: order('Order must be 0 or greater').default(0),
    isRequired: z.boolean().default(true),
    isActive: z.boolean().default(true),
  })
  .superRefine((field, ctx) => {
    const choice = field.fieldType === 'select' || field.fieldType === 'radio';
    if (choice && (!field.options || field.options.length === 0)) {
      ctx.addIssue({
        code: 'custom',
        path: ['options'],
        message: 'Add at least one option for a select or radio field',
      });
    }
    if (field.options && new Set(field.options).size !== field.options.length) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'Options must be unique' });
    }
  })
  // Options only mean something for choices; other types store none.
  .transform((field) => ({
    ...field,
    options: field.fieldType === 'select' || field.fieldType === 'radio' ? field.options : null,
  }));
export type DemographicFieldInput = z.input<typeof DemographicFieldInput>;

/** Control characters other than line breaks and tabs: invisible, and never meant in a statement. */
const CONTROL_CHARACTERS = /(?![\n\t])\p{Cc}/u;
/** Something that reads as an HTML tag or comment: the statement is shown as text, so it would show as typed. */
const HTML_TAG = /<\/?[a-z!][^>]*>/i;

/** The consent statement visitors tick on the "About you" step, and which version of it this is. */
export const ConsentStatement = z.object({
  /** Changes whenever the text does: a submission names the version its visitor saw. */
  id: z.number().int(),
  text: z.string(),
  updatedAt: z.string(),
});
export type ConsentStatement = z.infer<typeof ConsentStatement>;

/** The current statement, or null when the assessment asks for no consent. */
export const ConsentStatementAnswer = z.object({ statement: ConsentStatement.nullable() });
export type ConsentStatementAnswer = z.infer<typeof ConsentStatementAnswer>;

/** A new statement; empty text removes it, and with it the checkbox. */
export const ConsentStatementInput = z.strictObject({
  text: z
    .string({ error: 'Consent statement must be text' })
    .overwrite((text) => text.replace(/\r\n?/g, '\n'))
    .trim()
    .max(CONSENT_STATEMENT_MAX_LENGTH, {
      error: `Consent statement must be at most ${CONSENT_STATEMENT_MAX_LENGTH.toLocaleString('en-US')} characters`,
    })
    .refine((text) => !CONTROL_CHARACTERS.test(text), {
      error: 'Consent statement must hold printable characters only',
    })
    .refine((text) => !HTML_TAG.test(text), {
      error: 'Consent statement must be plain text, without HTML tags',
    }),
});
export type ConsentStatementInput = z.input<typeof ConsentStatementInput>;
