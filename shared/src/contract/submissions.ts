import { z } from 'zod';
import { endpoints } from './endpoints.js';
import { defineRoute } from './route.js';
import { DeletedResponse } from './schemas/content-admin.js';
import {
  AdminSubmissionIdParams,
  Analytics,
  ClearedResponse,
  DomainEmails,
  DomainEmailsQuery,
  ResendWebhookResponse,
  SubmissionDetail,
  SubmissionDomains,
  SubmissionExportQuery,
  SubmissionList,
  SubmissionListQuery,
} from './schemas/submissions.js';

/** A file the browser saves; documented, not validated. */
const FileDownload = z.string().meta({ description: 'The file, sent as an attachment' });

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** What administrators do with the submissions: find, read, export, delete; and the analytics. */
export const submissionRoutes = {
  listSubmissions: defineRoute(endpoints.listSubmissions, {
    summary: 'Submissions, newest first, a page at a time; searchable by name, email and company',
    query: SubmissionListQuery,
    response: SubmissionList,
  }),
  listSubmissionDomains: defineRoute(endpoints.listSubmissionDomains, {
    summary: 'Every submitter email domain, with its number of submissions',
    response: SubmissionDomains,
  }),
  listDomainEmails: defineRoute(endpoints.listDomainEmails, {
    summary: 'The submitter emails of one domain',
    query: DomainEmailsQuery,
    response: DomainEmails,
  }),
  exportSubmissions: defineRoute(endpoints.exportSubmissions, {
    summary: "One domain's submissions as a CSV or XLSX file, streamed",
    query: SubmissionExportQuery,
    response: FileDownload,
    produces: ['text/csv', XLSX_CONTENT_TYPE],
  }),
  getSubmission: defineRoute(endpoints.getSubmission, {
    summary: 'One submission with its answers as they were submitted',
    params: AdminSubmissionIdParams,
    response: SubmissionDetail,
  }),
  exportSubmission: defineRoute(endpoints.exportSubmission, {
    summary: 'One submission with its answers and scores, as a JSON file',
    params: AdminSubmissionIdParams,
    response: SubmissionDetail,
    produces: ['application/json'],
  }),
  deleteSubmission: defineRoute(endpoints.deleteSubmission, {
    summary: 'Deletes a submission and everything recorded about it',
    params: AdminSubmissionIdParams,
    response: DeletedResponse,
  }),
  clearSubmissionAnalysis: defineRoute(endpoints.clearSubmissionAnalysis, {
    summary: "Clears a submission's stored analysis; the next view of its results writes a new one",
    params: AdminSubmissionIdParams,
    response: ClearedResponse,
  }),
  resendSubmissionWebhook: defineRoute(endpoints.resendSubmissionWebhook, {
    summary: 'Queues a new webhook delivery of a submission, attempted at once',
    params: AdminSubmissionIdParams,
    response: ResendWebhookResponse,
  }),
  previewSubmissionEmail: defineRoute(endpoints.previewSubmissionEmail, {
    summary: 'The active email template rendered for a submission, as HTML',
    params: AdminSubmissionIdParams,
    response: z.string().meta({ description: 'An HTML page' }),
    produces: ['text/html'],
  }),
  getAnalytics: defineRoute(endpoints.getAnalytics, {
    summary: 'Submissions per month and the average level of each pillar',
    response: Analytics,
  }),
};
