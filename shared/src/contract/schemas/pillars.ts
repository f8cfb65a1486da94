import { z } from 'zod';

export const Pillar = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  order: z.number().int(),
  isActive: z.boolean(),
});
export type Pillar = z.infer<typeof Pillar>;

/** The public list shows active pillars only; the shape stays the same for simplicity of the clients. */
export const PublicPillar = Pillar;
export type PublicPillar = z.infer<typeof PublicPillar>;
