import type { Endpoint } from '../access.js';

/** The results email templates the admin manages. */
export const emailTemplateEndpoints = {
  listEmailTemplates: { method: 'GET', path: '/api/admin/email-templates', access: 'admin' },
  listTemplateVariables: { method: 'GET', path: '/api/admin/email-templates/variables', access: 'admin' },
  createEmailTemplate: { method: 'POST', path: '/api/admin/email-templates', access: 'admin' },
  updateEmailTemplate: { method: 'PUT', path: '/api/admin/email-templates/{id}', access: 'admin' },
  deleteEmailTemplate: { method: 'DELETE', path: '/api/admin/email-templates/{id}', access: 'admin' },
} as const satisfies Record<string, Endpoint>;
