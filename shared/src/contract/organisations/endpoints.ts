import type { Endpoint } from '../access.js';

/**
 * The operator's view of organisations (issue 40): every company email domain whose people have
 * assessed, with their team level, its trend, members and spread; its file; and the key API's.
 * Personal (free-mail, disposable) domains are never organisations.
 */
export const organisationEndpoints = {
  listOrganisations: { method: 'GET', path: '/api/admin/organisations', access: 'admin' },
  exportOrganisations: { method: 'GET', path: '/api/admin/organisations/export', access: 'admin' },
  getOrganisation: { method: 'GET', path: '/api/admin/organisations/{domain}', access: 'admin' },
  v1ListOrganisations: { method: 'GET', path: '/api/v1/organisations', access: 'key:read' },
  v1GetOrganisation: { method: 'GET', path: '/api/v1/organisations/{domain}', access: 'key:read' },
} as const satisfies Record<string, Endpoint>;
