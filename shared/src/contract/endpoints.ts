import type { HttpMethod } from './route.js';
import type { Routes } from './index.js';

/**
 * Method and path of every route, without its schemas. Browsers import this instead of the route
 * table so zod stays out of bundles that only call the API; types still come from the table.
 */
export const endpoints = {
  getConfig: { method: 'GET', path: '/api/config' },
  listMatrixCells: { method: 'GET', path: '/api/matrix-cells' },
  listPillars: { method: 'GET', path: '/api/pillars' },
  listDemographicFields: { method: 'GET', path: '/api/demographic-fields' },
  listAssessmentQuestions: { method: 'GET', path: '/api/assessment-questions' },
  submitAssessment: { method: 'POST', path: '/api/assessment/submit' },
  getResults: { method: 'GET', path: '/api/assessment/results/{submissionId}' },
  getComparison: { method: 'GET', path: '/api/assessment/comparison/{submissionId}' },
  getCurrentUser: { method: 'GET', path: '/api/auth/user' },
  listUsers: { method: 'GET', path: '/api/admin/users' },
  createUser: { method: 'POST', path: '/api/admin/users' },
  updateUserStatus: { method: 'PATCH', path: '/api/admin/users/{userId}/status' },
  updateUserRole: { method: 'PATCH', path: '/api/admin/users/{userId}/role' },
  getAdminStats: { method: 'GET', path: '/api/admin/stats' },
  listAdminPillars: { method: 'GET', path: '/api/admin/pillars' },
  createPillar: { method: 'POST', path: '/api/admin/pillars' },
  updatePillar: { method: 'PUT', path: '/api/admin/pillars/{id}' },
  deletePillar: { method: 'DELETE', path: '/api/admin/pillars/{id}' },
  listAdminQuestions: { method: 'GET', path: '/api/admin/questions' },
  createQuestion: { method: 'POST', path: '/api/admin/questions' },
  updateQuestion: { method: 'PUT', path: '/api/admin/questions/{id}' },
  deleteQuestion: { method: 'DELETE', path: '/api/admin/questions/{id}' },
  listAdminDemographicFields: { method: 'GET', path: '/api/admin/demographic-fields' },
  createDemographicField: { method: 'POST', path: '/api/admin/demographic-fields' },
  updateDemographicField: { method: 'PATCH', path: '/api/admin/demographic-fields/{id}' },
  deleteDemographicField: { method: 'DELETE', path: '/api/admin/demographic-fields/{id}' },
  listAdminMatrixCells: { method: 'GET', path: '/api/admin/matrix-cells' },
  upsertMatrixCell: { method: 'PUT', path: '/api/admin/matrix-cells/upsert/{pillarId}/{level}' },
  listEmailTemplates: { method: 'GET', path: '/api/admin/email-templates' },
  createEmailTemplate: { method: 'POST', path: '/api/admin/email-templates' },
  updateEmailTemplate: { method: 'PUT', path: '/api/admin/email-templates/{id}' },
  deleteEmailTemplate: { method: 'DELETE', path: '/api/admin/email-templates/{id}' },
  exportContent: { method: 'GET', path: '/api/admin/content/export' },
  importContent: { method: 'POST', path: '/api/admin/content/import' },
} as const satisfies { [K in keyof Routes]: { method: HttpMethod; path: string } };

export type RouteName = keyof Routes;
