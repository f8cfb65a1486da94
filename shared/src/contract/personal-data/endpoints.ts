import type { Endpoint } from '../access.js';

/**
 * Everything stored about one person, found by their email address: the admin's look-up, export
 * and erasure, and the key API's export (a read key reads the same submissions already) and
 * erasure (an admin key: it deletes for good).
 */
export const personalDataEndpoints = {
  findPersonalData: { method: 'GET', path: '/api/admin/personal-data', access: 'admin' },
  exportPersonalData: { method: 'GET', path: '/api/admin/personal-data/export', access: 'admin' },
  deletePersonalData: { method: 'POST', path: '/api/admin/personal-data/delete', access: 'admin' },
  v1ExportPersonalData: { method: 'GET', path: '/api/v1/personal-data', access: 'key:read' },
  v1DeletePersonalData: { method: 'POST', path: '/api/v1/personal-data/delete', access: 'key:admin' },
} as const satisfies Record<string, Endpoint>;
