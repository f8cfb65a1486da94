import type { Endpoint } from '../access.js';

/** The OpenAPI document of /api/v1, as the admin reads it. */
export const apiDocsEndpoints = {
  getOpenApiDocument: { method: 'GET', path: '/api/admin/openapi.json', access: 'admin' },
} as const satisfies Record<string, Endpoint>;
