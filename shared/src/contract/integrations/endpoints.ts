import type { Endpoint } from '../access.js';

/** What this server is configured to do with the outside world, and tests of it, for admins. */
export const integrationEndpoints = {
  getIntegrations: { method: 'GET', path: '/api/admin/integrations', access: 'admin' },
  sendTestEmail: { method: 'POST', path: '/api/admin/integrations/test-email', access: 'admin' },
  sendTestWebhook: { method: 'POST', path: '/api/admin/integrations/test-webhook', access: 'admin' },
} as const satisfies Record<string, Endpoint>;
