import { z } from 'zod';

export const MaturityLevelNumber = z.number().int().min(0).max(3);

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
