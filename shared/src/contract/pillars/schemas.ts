import { z } from 'zod';
import { NAME_MAX_LENGTH, WholeNumber } from '../common.js';

export const Pillar = z.object({
  id: z.number().int(),
  /**
   * The pillar's lasting identity: kept through renames and through a content export and import
   * (which gives every pillar a new id), so every figure groups a pillar's history by it.
   */
  key: z.string(),
  name: z.string(),
  description: z.string(),
  order: z.number().int(),
  isActive: z.boolean(),
});
export type Pillar = z.infer<typeof Pillar>;

/** The public list shows active pillars only; the shape stays the same for simplicity of the clients. */
export const PublicPillar = Pillar;
export type PublicPillar = z.infer<typeof PublicPillar>;

/**
 * Request schemas of the pillar screen. The admin form validates with this same schema, so the
 * messages it shows are the ones the server answers with.
 */
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
  order: WholeNumber('Order must be a positive number'),
  isActive: z.boolean({ error: 'isActive must be true or false' }),
});
export type PillarInput = z.input<typeof PillarInput>;
