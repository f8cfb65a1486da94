import type { Endpoint } from '../access.js';

/** How long a saved draft is kept after its last save: then the daily retention run deletes it. */
export const DRAFT_RETENTION_DAYS = 30;

/**
 * "Continue later": a visitor's unfinished assessment saved on the server under their address,
 * and the emailed link that brings it back on any device. No session: the link's token is the key.
 * The operator's "In progress" list of them (and its CSV), and the key API's.
 */
export const draftEndpoints = {
  saveAssessmentDraft: { method: 'POST', path: '/api/assessment/drafts', access: 'public' },
  resumeAssessmentDraft: { method: 'POST', path: '/api/assessment/drafts/resume', access: 'public' },
  listDrafts: { method: 'GET', path: '/api/admin/drafts', access: 'admin' },
  exportDrafts: { method: 'GET', path: '/api/admin/drafts/export/csv', access: 'admin' },
  v1ListDrafts: { method: 'GET', path: '/api/v1/drafts', access: 'key:read' },
} as const satisfies Record<string, Endpoint>;
