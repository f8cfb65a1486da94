import { z } from 'zod';
import { EMAIL_TEMPLATE_PURPOSES } from '../../templates/render.js';
import { INT4_MAX } from '../common.js';
import { ConsentStatementInput, DemographicFieldType } from '../demographic-fields/schemas.js';

/** Identifies an export of this product's content, so an unrelated JSON file is refused clearly. */
export const CONTENT_FORMAT = 'msp-maturity-content';
/**
 * 2: a pillar's ref is its key and questions carry their key. A version 1 file (no question keys)
 * still imports; an earlier release refuses a version 2 file by its version, not by a stray field.
 * 3: the consent statement of the demographic step. Files of versions 1 and 2 have none and leave
 * the current statement as it is.
 */
export const CONTENT_FORMAT_VERSION = 3;
const CONTENT_FORMAT_VERSIONS = [1, 2, 3] as const;

// Imported verbatim, so an export and a re-import match exactly: checked for content, not trimmed.
const text = (max: number) =>
  z
    .string()
    .max(max)
    .refine((value) => value.trim().length > 0, { error: 'is required' });
const optionalText = z.string().max(10_000).nullable();
const ref = z.string().trim().min(1, { error: 'is required' }).max(100);
const order = z.number().int().min(0).max(INT4_MAX);

/**
 * The whole questionnaire as one portable document. Rows refer to pillars by `ref`, not by
 * database id, so a document moves between instances. A pillar's ref is its key, and a question's
 * `key` is its key: an import keeps both, so submissions taken before it and after it count as one
 * history per pillar and question. A version 1 file's refs were made from the pillar names the way
 * the keys of that time were, so they meet the same pillars.
 */
export const ContentDocument = z.strictObject({
  format: z.literal(CONTENT_FORMAT, { error: `must be "${CONTENT_FORMAT}"` }),
  version: z.literal(CONTENT_FORMAT_VERSIONS, { error: `must be ${CONTENT_FORMAT_VERSIONS.join(' or ')}` }),
  exportedAt: z.string().optional(),
  pillars: z
    .array(
      z.strictObject({
        ref,
        name: text(100),
        description: text(10_000),
        order,
        isActive: z.boolean(),
      }),
    )
    .max(100),
  questions: z
    .array(
      z.strictObject({
        key: ref.optional(),
        pillarRef: ref.nullable(),
        text: text(1000),
        order,
        isActive: z.boolean(),
        answers: z
          .array(
            z.strictObject({
              text: text(1000),
              description: z.string().max(2000).nullable(),
              order,
              points: z
                .array(z.strictObject({ pillarRef: ref, points: z.number().int().min(0).max(3) }))
                .max(100),
            }),
          )
          .min(2, { error: 'At least 2 answers are required' })
          .max(12),
      }),
    )
    .max(1000),
  demographicFields: z
    .array(
      z.strictObject({
        identifier: z
          .string()
          .regex(/^[a-z0-9_]+$/, {
            error: 'Identifier must be lowercase letters, numbers, and underscores only',
          })
          .max(64),
        label: text(200),
        fieldType: DemographicFieldType,
        options: z.array(text(200)).max(100).nullable(),
        order,
        isRequired: z.boolean(),
        isActive: z.boolean(),
      }),
    )
    .max(100),
  /**
   * The statement visitors tick on the demographic step; null: none. Absent (a file from before
   * version 3): the importing instance keeps its own.
   */
  consentStatement: ConsentStatementInput.shape.text.nullable().optional(),
  matrixCells: z
    .array(
      z.strictObject({
        pillarRef: ref,
        level: z.number().int().min(0).max(3),
        shortDescription: text(200),
        detailedContent: text(10_000),
        requirements: optionalText,
        examples: optionalText,
        metrics: optionalText,
        nextSteps: optionalText,
      }),
    )
    .max(400),
  emailTemplates: z
    .array(
      z.strictObject({
        name: text(200),
        subject: text(300),
        htmlBody: text(200_000),
        /** Documents from before reminders hold results templates only. */
        purpose: z.enum(EMAIL_TEMPLATE_PURPOSES).default('results'),
        isActive: z.boolean(),
      }),
    )
    .max(100),
});
export type ContentDocument = z.infer<typeof ContentDocument>;

export const ContentCounts = z.object({
  pillars: z.number().int(),
  questions: z.number().int(),
  demographicFields: z.number().int(),
  matrixCells: z.number().int(),
  emailTemplates: z.number().int(),
});

export const ImportResponse = z.object({ imported: ContentCounts });

export const AdminStats = z.object({
  activePillars: z.number().int(),
  assessmentQuestions: z.number().int(),
  demographicFields: z.number().int(),
  submissions: z.number().int(),
});
export type AdminStats = z.infer<typeof AdminStats>;
