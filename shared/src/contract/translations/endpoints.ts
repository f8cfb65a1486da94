import type { Endpoint } from '../access.js';

/** The languages and their texts: the visitor's strings, and the admin's languages and translations. */
export const translationEndpoints = {
  getMessages: { method: 'GET', path: '/api/i18n/{language}', access: 'public' },
  listLanguages: { method: 'GET', path: '/api/admin/languages', access: 'admin' },
  addLanguage: { method: 'POST', path: '/api/admin/languages', access: 'admin' },
  setDefaultLanguage: { method: 'PUT', path: '/api/admin/languages/{tag}', access: 'admin' },
  deleteLanguage: { method: 'DELETE', path: '/api/admin/languages/{tag}', access: 'admin' },
  listTranslations: { method: 'GET', path: '/api/admin/translations/{language}', access: 'admin' },
  saveTranslation: { method: 'PUT', path: '/api/admin/translations/{language}/{unit}', access: 'admin' },
  exportTranslations: {
    method: 'GET',
    path: '/api/admin/translations/{language}/export',
    access: 'admin',
  },
  importTranslations: {
    method: 'POST',
    path: '/api/admin/translations/{language}/import',
    access: 'admin',
  },
  v1ListLanguages: { method: 'GET', path: '/api/v1/languages', access: 'key:read' },
} as const satisfies Record<string, Endpoint>;
