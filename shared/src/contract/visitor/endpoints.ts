import type { Endpoint } from '../access.js';

/** How long an emailed sign-in link works, and how long a visitor session lasts unused. */
export const VISITOR_LINK_TTL_MINUTES = 30;
export const VISITOR_SESSION_IDLE_DAYS = 30;

/**
 * The verified visitor, who signs in with a link emailed to an address that has taken the
 * assessment: asking for the link, spending it for a session, the history the session reads, and
 * signing out. A visitor session opens only the `visitor` routes, never an admin's.
 */
export const visitorEndpoints = {
  requestVisitorLink: { method: 'POST', path: '/api/visitor/sign-in-link', access: 'public' },
  startVisitorSession: { method: 'POST', path: '/api/visitor/session', access: 'public' },
  endVisitorSession: { method: 'DELETE', path: '/api/visitor/session', access: 'visitor' },
  getVisitorHistory: { method: 'GET', path: '/api/visitor/assessments', access: 'visitor' },
  deleteVisitorHistory: { method: 'DELETE', path: '/api/visitor/assessments', access: 'visitor' },
} as const satisfies Record<string, Endpoint>;
