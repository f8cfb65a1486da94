import type { Endpoint } from '../access.js';

/** The keys integrators call /api/v1 with, as the admin manages them. */
export const apiKeyEndpoints = {
  listApiKeys: { method: 'GET', path: '/api/admin/api-keys', access: 'admin' },
  createApiKey: { method: 'POST', path: '/api/admin/api-keys', access: 'admin' },
  updateApiKey: { method: 'PUT', path: '/api/admin/api-keys/{id}', access: 'admin' },
  deleteApiKey: { method: 'DELETE', path: '/api/admin/api-keys/{id}', access: 'admin' },
} as const satisfies Record<string, Endpoint>;
