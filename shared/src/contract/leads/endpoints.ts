import type { Endpoint } from '../access.js';

/**
 * The lead desk (issue 41): each submission's status, owner, next step and notes, worked by the
 * team in the admin and by integrators through the key API; the admin-editable list of statuses.
 * Every approved user reads the desk; sales and admins work it; only admins edit the statuses.
 * The list's filters by them are the submissions list's own.
 */
export const leadEndpoints = {
  listLeadStatuses: { method: 'GET', path: '/api/admin/lead-statuses', access: 'read-leads' },
  saveLeadStatuses: { method: 'PUT', path: '/api/admin/lead-statuses', access: 'admin' },
  listLeadOwners: { method: 'GET', path: '/api/admin/lead-owners', access: 'read-leads' },
  updateLead: { method: 'PATCH', path: '/api/admin/submissions/{id}/lead', access: 'work-leads' },
  updateLeads: { method: 'POST', path: '/api/admin/submissions/leads', access: 'work-leads' },
  addLeadNote: { method: 'POST', path: '/api/admin/submissions/{id}/notes', access: 'work-leads' },
  editLeadNote: {
    method: 'PATCH',
    path: '/api/admin/submissions/{id}/notes/{noteId}',
    access: 'work-leads',
  },
  v1ListLeadStatuses: { method: 'GET', path: '/api/v1/lead-statuses', access: 'key:read' },
  v1UpdateLead: { method: 'PATCH', path: '/api/v1/submissions/{id}', access: 'key:admin' },
  v1AddLeadNote: { method: 'POST', path: '/api/v1/submissions/{id}/notes', access: 'key:admin' },
} as const satisfies Record<string, Endpoint>;
