import { z } from 'zod';
import { WholeNumber } from '../common.js';

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
