import type { Endpoint } from '../access.js';

/** The languages and their texts: the visitor's strings, and the admin's languages and translations. */
export const translationEndpoints = {
  getMessages: { method: 'GET', path: '/api/i18n/{language}', access: 'public' },
} as const satisfies Record<string, Endpoint>;
