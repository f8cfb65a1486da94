import type { Endpoint } from '../access.js';

/** Figures over every submission: the admin's analytics and the key API's. */
export const analyticsEndpoints = {
  getAnalytics: { method: 'GET', path: '/api/admin/analytics', access: 'admin' },
  v1GetAnalyticsOverview: { method: 'GET', path: '/api/v1/analytics/overview', access: 'key:read' },
  v1GetDemographicsAnalytics: { method: 'GET', path: '/api/v1/analytics/demographics', access: 'key:read' },
  v1GetMaturityLevels: { method: 'GET', path: '/api/v1/analytics/maturity-levels', access: 'key:read' },
  getSourcesAnalytics: { method: 'GET', path: '/api/admin/analytics/sources', access: 'admin' },
  v1GetSourcesAnalytics: { method: 'GET', path: '/api/v1/analytics/sources', access: 'key:read' },
} as const satisfies Record<string, Endpoint>;
