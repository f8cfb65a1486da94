import { z } from 'zod';
import { BodyId, WholeNumber } from '../common.js';

export const PointAllocation = z.object({
  id: z.number().int(),
  pillarId: z.number().int(),
  points: z.number().int().min(0).max(3),
});
export type PointAllocation = z.infer<typeof PointAllocation>;

/**
 * What a visitor sees of an answer. Point allocations stay on the server so the questionnaire
 * cannot be gamed by reading the network tab.
 */
export const PublicAnswer = z.object({
  id: z.number().int(),
  text: z.string(),
  description: z.string().nullable(),
  order: z.number().int(),
});
export type PublicAnswer = z.infer<typeof PublicAnswer>;

export const PublicQuestion = z.object({
  id: z.number().int(),
  /** The question's lasting identity, as in /api/v1/questions. */
  key: z.string(),
  text: z.string(),
  pillarId: z.number().int(),
  order: z.number().int(),
  isActive: z.boolean(),
  pillar: z.object({ id: z.number().int(), name: z.string() }),
  answers: z.array(PublicAnswer),
});
export type PublicQuestion = z.infer<typeof PublicQuestion>;

const order = (message: string) => WholeNumber(message);

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
    z.object({
      id: z.number().int(),
      pillarId: z.number().int(),
      /** The pillar's key beside its id: the id changes when the pillar is deleted and made again. */
      pillarKey: z.string(),
      points: z.number().int(),
    }),
  ),
});

export const AdminQuestion = z.object({
  id: z.number().int(),
  /** The question's lasting identity, kept through edits and a content export and import. */
  key: z.string(),
  text: z.string(),
  /** Null when its pillar was deleted: the question is out of the assessment until reassigned. */
  pillarId: z.number().int().nullable(),
  /** The pillar's lasting key beside its id, for joining on what survives a content import. */
  pillarKey: z.string().nullable(),
  order: z.number().int(),
  isActive: z.boolean(),
  pillar: z.object({ id: z.number().int(), key: z.string(), name: z.string() }).nullable(),
  answers: z.array(AdminAnswer),
});
export type AdminQuestion = z.infer<typeof AdminQuestion>;
