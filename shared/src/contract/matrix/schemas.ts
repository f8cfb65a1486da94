import { z } from 'zod';
import { IntId, MaturityLevelNumber } from '../common.js';

export const MatrixCell = z.object({
  id: z.number().int(),
  pillarId: z.number().int(),
  level: MaturityLevelNumber,
  shortDescription: z.string(),
  detailedContent: z.string(),
  requirements: z.string().nullable(),
  examples: z.string().nullable(),
  metrics: z.string().nullable(),
  nextSteps: z.string().nullable(),
});
export type MatrixCell = z.infer<typeof MatrixCell>;

export const PublicMatrixCell = MatrixCell.extend({
  pillar: z.object({ id: z.number().int(), name: z.string() }),
});
export type PublicMatrixCell = z.infer<typeof PublicMatrixCell>;

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
