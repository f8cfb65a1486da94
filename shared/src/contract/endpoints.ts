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
} as const satisfies { [K in keyof Routes]: { method: HttpMethod; path: string } };

export type RouteName = keyof Routes;
