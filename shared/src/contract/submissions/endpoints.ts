import type { Endpoint } from '../access.js';

/** Completed assessments: the visitor's submit, results and comparison, the admin's list, detail, exports and follow-ups, and the key API's reads. */
export const submissionEndpoints = {
  submitAssessment: { method: 'POST', path: '/api/assessment/submit', access: 'public' },
  getResults: { method: 'GET', path: '/api/assessment/results/{submissionId}', access: 'public' },
  getComparison: { method: 'GET', path: '/api/assessment/comparison/{submissionId}', access: 'public' },
  getResultsReport: {
    method: 'GET',
    path: '/api/assessment/results/{submissionId}/report.pdf',
    access: 'public',
  },
  listSubmissions: { method: 'GET', path: '/api/admin/submissions', access: 'read-leads' },
  listSubmissionDomains: { method: 'GET', path: '/api/admin/submissions/domains', access: 'admin' },
  listDomainEmails: { method: 'GET', path: '/api/admin/submissions/domain-emails', access: 'admin' },
  exportSubmissions: { method: 'GET', path: '/api/admin/submissions/export/csv', access: 'admin' },
  checkSubmissionsExport: { method: 'GET', path: '/api/admin/submissions/export/check', access: 'admin' },
  getSubmission: { method: 'GET', path: '/api/admin/submissions/{id}', access: 'read-leads' },
  exportSubmission: { method: 'GET', path: '/api/admin/submissions/{id}/export', access: 'admin' },
  deleteSubmission: { method: 'DELETE', path: '/api/admin/submissions/{id}', access: 'admin' },
  clearSubmissionAnalysis: { method: 'POST', path: '/api/admin/submissions/{id}/clear-ai', access: 'admin' },
  resendSubmissionWebhook: {
    method: 'POST',
    path: '/api/admin/submissions/{id}/resend-webhook',
    access: 'admin',
  },
  getSubmissionEmailPreview: {
    method: 'GET',
    path: '/api/admin/submissions/{id}/email-preview',
    access: 'admin',
  },
  getSubmissionReport: { method: 'GET', path: '/api/admin/submissions/{id}/report.pdf', access: 'admin' },
  previewSubmissionEmail: { method: 'GET', path: '/api/assessment/email-preview/{id}', access: 'admin' },
  v1ListSubmissions: { method: 'GET', path: '/api/v1/submissions', access: 'key:read' },
  v1SearchSubmissions: { method: 'GET', path: '/api/v1/submissions/search', access: 'key:read' },
  v1ExportSubmissions: { method: 'GET', path: '/api/v1/submissions/export', access: 'key:read' },
  v1GetSubmission: { method: 'GET', path: '/api/v1/submissions/{id}', access: 'key:read' },
  v1GetSubmissionReport: { method: 'GET', path: '/api/v1/submissions/{id}/report.pdf', access: 'key:read' },
} as const satisfies Record<string, Endpoint>;
