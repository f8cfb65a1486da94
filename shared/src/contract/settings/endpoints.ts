import type { Endpoint } from '../access.js';

/**
 * The site's settings an administrator changes without a restart: the provider's name and links,
 * the call to action, the mail sender, the privacy notice and the question order. Visitors read
 * the effective values through the public configuration (`getConfig`).
 */
export const settingsEndpoints = {
  getSettings: { method: 'GET', path: '/api/admin/settings', access: 'admin' },
  updateSettings: { method: 'PUT', path: '/api/admin/settings', access: 'admin' },
  getLogo: { method: 'GET', path: '/api/admin/branding/logo', access: 'admin' },
  uploadLogo: { method: 'PUT', path: '/api/admin/branding/logo', access: 'admin' },
  removeLogo: { method: 'DELETE', path: '/api/admin/branding/logo', access: 'admin' },
  /** The logo as PNG, at a URL that names its version, for the results page, its email and the report. */
  getPublicLogo: { method: 'GET', path: '/api/branding/logo/{digest}', access: 'public' },
} as const satisfies Record<string, Endpoint>;
