import type { Endpoint } from '../access.js';

/**
 * The visitors' funnel: the beacon the public pages send as a visitor reaches each step, and the
 * counts per day, step and source that the admin and the key API read back.
 */
export const funnelEndpoints = {
  recordFunnelEvent: { method: 'POST', path: '/api/events', access: 'public' },
  getFunnel: { method: 'GET', path: '/api/admin/analytics/funnel', access: 'admin' },
  v1GetFunnel: { method: 'GET', path: '/api/v1/analytics/funnel', access: 'key:read' },
} as const satisfies Record<string, Endpoint>;
