import type { Endpoint } from '../access.js';

/** All content at once: the dashboard's counts, and the backup document's export and import. */
export const contentEndpoints = {
  getAdminStats: { method: 'GET', path: '/api/admin/stats', access: 'admin' },
  exportContent: { method: 'GET', path: '/api/admin/content/export', access: 'admin' },
  importContent: { method: 'POST', path: '/api/admin/content/import', access: 'admin' },
} as const satisfies Record<string, Endpoint>;
