import type { Endpoint } from '../access.js';

/** The names and links the web app shows. */
export const configEndpoints = {
  getConfig: { method: 'GET', path: '/api/config', access: 'public' },
} as const satisfies Record<string, Endpoint>;
