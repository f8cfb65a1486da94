import type { Endpoint } from '../access.js';

/** The questions with their answers and points: the assessment's list, the admin's management and the key API's read. */
export const questionEndpoints = {
  listAssessmentQuestions: { method: 'GET', path: '/api/assessment-questions', access: 'public' },
  listAdminQuestions: { method: 'GET', path: '/api/admin/questions', access: 'admin' },
  createQuestion: { method: 'POST', path: '/api/admin/questions', access: 'admin' },
  updateQuestion: { method: 'PUT', path: '/api/admin/questions/{id}', access: 'admin' },
  deleteQuestion: { method: 'DELETE', path: '/api/admin/questions/{id}', access: 'admin' },
  v1ListQuestions: { method: 'GET', path: '/api/v1/questions', access: 'key:read' },
} as const satisfies Record<string, Endpoint>;
