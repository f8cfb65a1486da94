import type { Endpoint } from '../access.js';

/**
 * The site's settings an administrator changes without a restart: the provider's name and links,
 * the call to action, the mail sender, the privacy notice and the question order. Visitors read
 * the effective values through the public configuration (`getConfig`).
 */
export const settingsEndpoints = {
  getSettings: { method: 'GET', path: '/api/admin/settings', access: 'admin' },
  updateSettings: { method: 'PUT', path: '/api/admin/settings', access: 'admin' },
} as const satisfies Record<string, Endpoint>;
