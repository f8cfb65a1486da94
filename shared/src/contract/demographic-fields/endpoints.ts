import type { Endpoint } from '../access.js';

/** The "About you" fields: the public list, the admin's management and the key API's read. */
export const demographicFieldEndpoints = {
  listDemographicFields: { method: 'GET', path: '/api/demographic-fields', access: 'public' },
  listAdminDemographicFields: {
    method: 'GET',
    path: '/api/admin/demographic-fields',
    access: 'read-leads',
  },
  createDemographicField: { method: 'POST', path: '/api/admin/demographic-fields', access: 'admin' },
  updateDemographicField: { method: 'PATCH', path: '/api/admin/demographic-fields/{id}', access: 'admin' },
  deleteDemographicField: { method: 'DELETE', path: '/api/admin/demographic-fields/{id}', access: 'admin' },
  v1ListDemographicFields: { method: 'GET', path: '/api/v1/demographic-fields', access: 'key:read' },
  /** The optional statement a visitor ticks on the "About you" step. */
  getConsentStatement: { method: 'GET', path: '/api/consent-statement', access: 'public' },
  getAdminConsentStatement: { method: 'GET', path: '/api/admin/consent-statement', access: 'admin' },
  updateConsentStatement: { method: 'PUT', path: '/api/admin/consent-statement', access: 'admin' },
} as const satisfies Record<string, Endpoint>;
