import { z } from 'zod';

/** Database ids of content rows: positive integers, given in paths as digits. */
export const IntId = z.coerce
  .number({ error: 'must be a number' })
  .int({ error: 'must be a whole number' })
  .positive({ error: 'must be a positive number' });

export const Uuid = z.uuid({ error: 'must be a valid id' });

export const ErrorBody = z.object({
  statusCode: z.number(),
  error: z.string(),
  message: z.string(),
  /** Dotted path of the first offending field, when the error is about input. */
  field: z.string().optional(),
  issues: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
