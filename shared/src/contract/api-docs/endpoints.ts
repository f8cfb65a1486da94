import type { Endpoint } from '../access.js';

/** The OpenAPI document of /api/v1: the admin's download, and the copy integrators read. */
export const apiDocsEndpoints = {
  getOpenApiDocument: { method: 'GET', path: '/api/admin/openapi.json', access: 'admin' },
  /**
   * Public, not behind a key: the document is generated from the contract and holds no data (no
   * submission, user or key), and tools (client generators, API explorers) fetch it by address
   * before anyone has set up a key.
   */
  getPublishedOpenApiDocument: { method: 'GET', path: '/api/v1/openapi.json', access: 'public' },
} as const satisfies Record<string, Endpoint>;
