/**
 * The head of every route: method, path and who may call it, written once. The route table
 * (`routes`, in this folder) adds the zod schemas to each entry; browsers import only this map, so
 * zod stays out of bundles that merely call the API. Paths use Hapi's `{param}` syntax.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What an API key may do, each level including the ones before it: read < user_manage < admin. */
export const API_KEY_PERMISSIONS = ['read', 'user_manage', 'admin'] as const;
export type ApiKeyPermission = (typeof API_KEY_PERMISSIONS)[number];

/**
 * Who may call a route:
 * - `public`: anyone;
 * - `session`: any signed-in user;
 * - `admin`: a signed-in approved admin (role admin and status approved);
 * - `key:<permission>`: an API key holding that permission or a higher one. A session never opens
 *   a key route, and a key never opens a session route.
 */
export type RouteAccess = 'public' | 'session' | 'admin' | `key:${ApiKeyPermission}`;

export interface Endpoint {
  method: HttpMethod;
  path: string;
  access: RouteAccess;
}

/** Whether a key with `held` permission may call a route that needs `needed`. */
export function permissionAllows(held: ApiKeyPermission, needed: ApiKeyPermission): boolean {
  return API_KEY_PERMISSIONS.indexOf(held) >= API_KEY_PERMISSIONS.indexOf(needed);
}

/** The permission a `key:` access needs, or null for session and public routes. */
export function keyPermissionOf(access: RouteAccess): ApiKeyPermission | null {
  return access.startsWith('key:') ? (access.slice(4) as ApiKeyPermission) : null;
}

/** The JSON API: what the typed client calls and the server answers with JSON. */
export const endpoints = {
  getConfig: { method: 'GET', path: '/api/config', access: 'public' },
  listMatrixCells: { method: 'GET', path: '/api/matrix-cells', access: 'public' },
  listPillars: { method: 'GET', path: '/api/pillars', access: 'public' },
  listDemographicFields: { method: 'GET', path: '/api/demographic-fields', access: 'public' },
  listAssessmentQuestions: { method: 'GET', path: '/api/assessment-questions', access: 'public' },
  submitAssessment: { method: 'POST', path: '/api/assessment/submit', access: 'public' },
  getResults: { method: 'GET', path: '/api/assessment/results/{submissionId}', access: 'public' },
  getComparison: { method: 'GET', path: '/api/assessment/comparison/{submissionId}', access: 'public' },

  getCurrentUser: { method: 'GET', path: '/api/auth/user', access: 'session' },
  listUsers: { method: 'GET', path: '/api/admin/users', access: 'admin' },
  createUser: { method: 'POST', path: '/api/admin/users', access: 'admin' },
  updateUserStatus: { method: 'PATCH', path: '/api/admin/users/{userId}/status', access: 'admin' },
  updateUserRole: { method: 'PATCH', path: '/api/admin/users/{userId}/role', access: 'admin' },
  inviteUser: { method: 'POST', path: '/api/admin/users/{userId}/invite', access: 'admin' },

  getAdminStats: { method: 'GET', path: '/api/admin/stats', access: 'admin' },
  listAdminPillars: { method: 'GET', path: '/api/admin/pillars', access: 'admin' },
  createPillar: { method: 'POST', path: '/api/admin/pillars', access: 'admin' },
  updatePillar: { method: 'PUT', path: '/api/admin/pillars/{id}', access: 'admin' },
  deletePillar: { method: 'DELETE', path: '/api/admin/pillars/{id}', access: 'admin' },
  listAdminQuestions: { method: 'GET', path: '/api/admin/questions', access: 'admin' },
  createQuestion: { method: 'POST', path: '/api/admin/questions', access: 'admin' },
  updateQuestion: { method: 'PUT', path: '/api/admin/questions/{id}', access: 'admin' },
  deleteQuestion: { method: 'DELETE', path: '/api/admin/questions/{id}', access: 'admin' },
  listAdminDemographicFields: { method: 'GET', path: '/api/admin/demographic-fields', access: 'admin' },
  createDemographicField: { method: 'POST', path: '/api/admin/demographic-fields', access: 'admin' },
  updateDemographicField: { method: 'PATCH', path: '/api/admin/demographic-fields/{id}', access: 'admin' },
  deleteDemographicField: { method: 'DELETE', path: '/api/admin/demographic-fields/{id}', access: 'admin' },
  listAdminMatrixCells: { method: 'GET', path: '/api/admin/matrix-cells', access: 'admin' },
  upsertMatrixCell: {
    method: 'PUT',
    path: '/api/admin/matrix-cells/upsert/{pillarId}/{level}',
    access: 'admin',
  },
  listEmailTemplates: { method: 'GET', path: '/api/admin/email-templates', access: 'admin' },
  createEmailTemplate: { method: 'POST', path: '/api/admin/email-templates', access: 'admin' },
  updateEmailTemplate: { method: 'PUT', path: '/api/admin/email-templates/{id}', access: 'admin' },
  deleteEmailTemplate: { method: 'DELETE', path: '/api/admin/email-templates/{id}', access: 'admin' },
  exportContent: { method: 'GET', path: '/api/admin/content/export', access: 'admin' },
  importContent: { method: 'POST', path: '/api/admin/content/import', access: 'admin' },

  listSubmissions: { method: 'GET', path: '/api/admin/submissions', access: 'admin' },
  listSubmissionDomains: { method: 'GET', path: '/api/admin/submissions/domains', access: 'admin' },
  listDomainEmails: { method: 'GET', path: '/api/admin/submissions/domain-emails', access: 'admin' },
  exportSubmissions: { method: 'GET', path: '/api/admin/submissions/export/csv', access: 'admin' },
  getSubmission: { method: 'GET', path: '/api/admin/submissions/{id}', access: 'admin' },
  exportSubmission: { method: 'GET', path: '/api/admin/submissions/{id}/export', access: 'admin' },
  deleteSubmission: { method: 'DELETE', path: '/api/admin/submissions/{id}', access: 'admin' },
  clearSubmissionAnalysis: { method: 'POST', path: '/api/admin/submissions/{id}/clear-ai', access: 'admin' },
  resendSubmissionWebhook: {
    method: 'POST',
    path: '/api/admin/submissions/{id}/resend-webhook',
    access: 'admin',
  },
  previewSubmissionEmail: { method: 'GET', path: '/api/assessment/email-preview/{id}', access: 'admin' },

  listApiKeys: { method: 'GET', path: '/api/admin/api-keys', access: 'admin' },
  createApiKey: { method: 'POST', path: '/api/admin/api-keys', access: 'admin' },
  updateApiKey: { method: 'PUT', path: '/api/admin/api-keys/{id}', access: 'admin' },
  deleteApiKey: { method: 'DELETE', path: '/api/admin/api-keys/{id}', access: 'admin' },
  getOpenApiDocument: { method: 'GET', path: '/api/admin/openapi.json', access: 'admin' },
  getAnalytics: { method: 'GET', path: '/api/admin/analytics', access: 'admin' },

  // The key-based API for integrators (spec 7): every read needs `read`, user writes `user_manage`.
  v1ListSubmissions: { method: 'GET', path: '/api/v1/submissions', access: 'key:read' },
  v1SearchSubmissions: { method: 'GET', path: '/api/v1/submissions/search', access: 'key:read' },
  v1GetSubmission: { method: 'GET', path: '/api/v1/submissions/{id}', access: 'key:read' },
  v1GetAnalyticsOverview: { method: 'GET', path: '/api/v1/analytics/overview', access: 'key:read' },
  v1GetDemographicsAnalytics: { method: 'GET', path: '/api/v1/analytics/demographics', access: 'key:read' },
  v1GetMaturityLevels: { method: 'GET', path: '/api/v1/analytics/maturity-levels', access: 'key:read' },
  v1ListPillars: { method: 'GET', path: '/api/v1/pillars', access: 'key:read' },
  v1ListQuestions: { method: 'GET', path: '/api/v1/questions', access: 'key:read' },
  v1ListDemographicFields: { method: 'GET', path: '/api/v1/demographic-fields', access: 'key:read' },
  v1ListUsers: { method: 'GET', path: '/api/v1/users', access: 'key:read' },
  v1CreateUser: { method: 'POST', path: '/api/v1/users', access: 'key:user_manage' },
  v1UpdateUser: { method: 'PUT', path: '/api/v1/users/{id}', access: 'key:user_manage' },
} as const satisfies Record<string, Endpoint>;

/**
 * Server-rendered pages and redirects: sign-in, sign-out, the founder setup link and the single
 * sign-on round trip. They answer HTML, so the typed client and the OpenAPI document leave them
 * out, but the server validates their input like any other route.
 */
export const pageEndpoints = {
  signInPage: { method: 'GET', path: '/api/login', access: 'public' },
  signInWithPassword: { method: 'POST', path: '/api/auth/local', access: 'public' },
  signOut: { method: 'GET', path: '/api/logout', access: 'public' },
  confirmSignOut: { method: 'POST', path: '/api/logout', access: 'public' },
  setupPage: { method: 'GET', path: '/api/setup', access: 'public' },
  completeSetup: { method: 'POST', path: '/api/setup', access: 'public' },
  invitePage: { method: 'GET', path: '/api/invite', access: 'public' },
  acceptInvite: { method: 'POST', path: '/api/invite', access: 'public' },
  singleSignOn: { method: 'GET', path: '/api/auth/oidc', access: 'public' },
} as const satisfies Record<string, Endpoint>;

export type RouteName = keyof typeof endpoints;
export type PageName = keyof typeof pageEndpoints;
