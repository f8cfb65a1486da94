import type { Endpoint } from '../access.js';

/** The audit trail: who changed or exported what, for the admin's screen and admin keys. */
export const auditEndpoints = {
  listAuditEvents: { method: 'GET', path: '/api/admin/audit', access: 'admin' },
  exportAuditEvents: { method: 'GET', path: '/api/admin/audit/export', access: 'admin' },
  v1ListAuditEvents: { method: 'GET', path: '/api/v1/audit', access: 'key:admin' },
  v1ExportAuditEvents: { method: 'GET', path: '/api/v1/audit/export', access: 'key:admin' },
} as const satisfies Record<string, Endpoint>;
