import { z } from 'zod';

/** The name the admin's download of the OpenAPI document is saved under. */
export const OPENAPI_FILE_NAME = 'msp-maturity-api-spec.json';

/** The OpenAPI 3.1 document of /api/v1, as served to admins. */
export const OpenApiDocument = z
  .object({
    openapi: z.string(),
    info: z.object({ title: z.string(), version: z.string(), description: z.string().optional() }).loose(),
    paths: z.record(z.string(), z.unknown()),
  })
  .loose();
export type OpenApiDocument = z.infer<typeof OpenApiDocument>;
