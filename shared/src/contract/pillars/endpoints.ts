import type { Endpoint } from '../access.js';

/** The pillars of the maturity model: the public list, the admin's management and the key API's read. */
export const pillarEndpoints = {
  listPillars: { method: 'GET', path: '/api/pillars', access: 'public' },
  listAdminPillars: { method: 'GET', path: '/api/admin/pillars', access: 'admin' },
  createPillar: { method: 'POST', path: '/api/admin/pillars', access: 'admin' },
  updatePillar: { method: 'PUT', path: '/api/admin/pillars/{id}', access: 'admin' },
  deletePillar: { method: 'DELETE', path: '/api/admin/pillars/{id}', access: 'admin' },
  v1ListPillars: { method: 'GET', path: '/api/v1/pillars', access: 'key:read' },
} as const satisfies Record<string, Endpoint>;
