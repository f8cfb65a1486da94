import { z } from 'zod';
import { BodyId, IntId, NAME_MAX_LENGTH, WholeNumber } from './common.js';
import { DemographicField, DemographicFieldType } from './demographics.js';
import { MatrixCell } from './matrix.js';
import { Pillar } from './pillars.js';

/**
 * Request schemas of the content screens. The admin forms validate with these same schemas, so
 * the messages a form shows are the ones the server answers with.
 */

const order = (message: string) => WholeNumber(message);

export const PillarInput = z.strictObject({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, { error: 'Name is required' })
    .max(NAME_MAX_LENGTH, { error: 'Name must be less than 100 characters' }),
  description: z
    .string({ error: 'Description is required' })
    .trim()
    .min(1, { error: 'Description is required' }),
  order: order('Order must be a positive number'),
  isActive: z.boolean({ error: 'isActive must be true or false' }),
});
export type PillarInput = z.input<typeof PillarInput>;

export const PointAllocationInput = z.strictObject({
  pillarId: BodyId('Please select a pillar'),
  points: z
    .number({ error: 'Points must be between 0 and 3' })
    .int({ error: 'Points must be between 0 and 3' })
    .min(0, { error: 'Points must be between 0 and 3' })
    .max(3, { error: 'Points must be between 0 and 3' }),
});

export const AnswerInput = z.strictObject({
  answer: z.strictObject({
    text: z
      .string({ error: 'Answer text is required' })
      .trim()
      .min(1, { error: 'Answer text is required' })
      .max(1000),
    description: z
      .string()
      .trim()
      .max(2000)
      .nullish()
      .transform((value) => (value ? value : null)),
    order: order('Order must be a positive number'),
  }),
  pointAllocations: z
    .array(PointAllocationInput)
    .max(50)
    .refine((list) => new Set(list.map((a) => a.pillarId)).size === list.length, {
      error: 'Each pillar may be given points once per answer',
    }),
});

export const QuestionInput = z.strictObject({
  question: z.strictObject({
    text: z
      .string({ error: 'Question text is required' })
      .trim()
      .min(1, { error: 'Question text is required' })
      .max(1000),
    pillarId: BodyId('Please select a pillar'),
    order: order('Order must be a positive number'),
    isActive: z.boolean().default(true),
  }),
  answers: z
    .array(AnswerInput, { error: 'At least 2 answers are required' })
    .min(2, { error: 'At least 2 answers are required' })
    .max(12, { error: 'At most 12 answers are allowed' }),
});
export type QuestionInput = z.input<typeof QuestionInput>;

export const AdminAnswer = z.object({
  id: z.number().int(),
  text: z.string(),
  description: z.string().nullable(),
  order: z.number().int(),
  pointAllocations: z.array(
    z.object({ id: z.number().int(), pillarId: z.number().int(), points: z.number().int() }),
  ),
});

export const AdminQuestion = z.object({
  id: z.number().int(),
  text: z.string(),
  /** Null when its pillar was deleted: the question is out of the assessment until reassigned. */
  pillarId: z.number().int().nullable(),
  order: z.number().int(),
  isActive: z.boolean(),
  pillar: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  answers: z.array(AdminAnswer),
});
export type AdminQuestion = z.infer<typeof AdminQuestion>;

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

const optionalText = z
  .string()
  .trim()
  .max(10_000)
  .nullish()
  .transform((value) => (value ? value : null));

export const MatrixCellInput = z.strictObject({
  shortDescription: z
    .string({ error: 'Short description is required' })
    .trim()
    .min(1, { error: 'Short description is required' })
    .max(200, { error: 'Short description must be at most 200 characters' }),
  detailedContent: z
    .string({ error: 'Detailed content is required' })
    .trim()
    .min(1, { error: 'Detailed content is required' })
    .max(10_000),
  requirements: optionalText,
  examples: optionalText,
  metrics: optionalText,
  nextSteps: optionalText,
});
export type MatrixCellInput = z.input<typeof MatrixCellInput>;

export const MatrixCellParams = z.object({
  pillarId: IntId,
  level: z
    .enum(['0', '1', '2', '3'], { error: 'must be a level from 0 to 3' })
    .transform((level) => Number(level) as 0 | 1 | 2 | 3),
});

export const EmailTemplate = z.object({
  id: z.number().int(),
  name: z.string(),
  subject: z.string(),
  htmlBody: z.string(),
  isActive: z.boolean(),
});
export type EmailTemplate = z.infer<typeof EmailTemplate>;

export const EmailTemplateInput = z.strictObject({
  name: z
    .string({ error: 'Template name is required' })
    .trim()
    .min(1, { error: 'Template name is required' })
    .max(200),
  subject: z
    .string({ error: 'Email subject is required' })
    .trim()
    .min(1, { error: 'Email subject is required' })
    .max(300),
  htmlBody: z
    .string({ error: 'HTML body is required' })
    .trim()
    .min(1, { error: 'HTML body is required' })
    .max(200_000),
  isActive: z.boolean().default(false),
});
export type EmailTemplateInput = z.input<typeof EmailTemplateInput>;

export const AdminStats = z.object({
  activePillars: z.number().int(),
  assessmentQuestions: z.number().int(),
  demographicFields: z.number().int(),
  submissions: z.number().int(),
});
export type AdminStats = z.infer<typeof AdminStats>;

export const IdParams = z.object({ id: IntId });

export const DeletedResponse = z.object({ deleted: z.literal(true) });

export { DemographicField, MatrixCell, Pillar };
