import { z } from 'zod';

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
  text: z.string(),
  pillarId: z.number().int(),
  order: z.number().int(),
  isActive: z.boolean(),
  pillar: z.object({ id: z.number().int(), name: z.string() }),
  answers: z.array(PublicAnswer),
});
export type PublicQuestion = z.infer<typeof PublicQuestion>;
