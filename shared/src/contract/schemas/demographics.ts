import { z } from 'zod';

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
