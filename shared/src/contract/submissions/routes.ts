import { LanguageQuery } from '../common.js';
import { z } from 'zod';
import { defineRoute } from '../route.js';
import { submissionEndpoints } from './endpoints.js';
import { DeletedResponse } from '../common.js';
import {
  ComparisonResponse,
  ResultsResponse,
  SubmissionIdParams,
  SubmitRequest,
  SubmitResponse,
} from './assessment-schemas.js';
import type { AdminSubmission } from './schemas.js';
import {
  AdminSubmissionIdParams,
  ClearedResponse,
  DomainEmails,
  DomainEmailsQuery,
  ExportCheck,
  ResendWebhookResponse,
  SubmissionDetail,
  SubmissionDomains,
  SubmissionEmailPreview,
  SubmissionExportQuery,
  SubmissionList,
  SubmissionListQuery,
} from './schemas.js';
import {
  V1SubmissionDetail,
  V1SubmissionIdParams,
  V1SubmissionListQuery,
  V1SubmissionSearchQuery,
} from './v1-schemas.js';
import { ResultsReportQuery, SubmissionReportQuery } from './report-schemas.js';

const exampleSubmission: AdminSubmission = {
  id: '3f1c2a9e-7b4d-4c1a-9e2f-5d6b7a8c9d0e',
  submittedAt: '2026-11-20T14:32:05.000Z',
  ipAddress: '203.0.113.24',
  demographicData: {
    first_name: 'Jane',
    last_name: 'Doe',
    email_address: 'jane.doe@northwind-it.example',
    company: 'Northwind IT',
    employee_count: '11-25',
    managed_companies: '26-50',
  },
  scores: {
    overallLevel: 2,
    cumulativeAverage: 61.4,
    pillarScores: [
      { pillarId: 1, pillarKey: 'expertise', pillarName: 'Expertise', level: 2, percentage: 66.7 },
      { pillarId: 2, pillarKey: 'processes', pillarName: 'Processes', level: 1, percentage: 41.7 },
    ],
  },
  answerCount: 24,
  attribution: {
    source: 'linkedin',
    medium: 'social',
    campaign: 'spring-webinar',
    term: null,
    content: null,
    ref: 'partner-42',
    referrer: 'www.linkedin.com',
    landingPath: '/',
  },
  language: 'de',
  consent: {
    text: 'I agree that Example MSP may contact me about my results.',
    consentedAt: '2026-11-20T14:03:12.000Z',
  },
  lead: {
    status: { id: 2, name: 'Contacted' },
    owner: { id: 3, name: 'Sam Rivera', email: 'sam.rivera@example-msp.com' },
    nextStepOn: '2026-12-08',
    noteCount: 1,
  },
};

const exampleList = {
  submissions: [exampleSubmission],
  pagination: { page: 1, pageSize: 25, total: 1, totalPages: 1, totalCapped: false },
};

/** A file the browser saves; documented, not validated. */
const FileDownload = z.string().meta({ description: 'The file, sent as an attachment' });

const PdfDownload = z.string().meta({
  description: 'A PDF document sent as an attachment, named msp-automation-report-<company>-<date>.pdf',
});

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Routes of the submissions, for every audience. */
export const submissionRoutes = {
  submitAssessment: defineRoute(submissionEndpoints.submitAssessment, {
    summary: 'Scores and stores a completed assessment',
    body: SubmitRequest,
    response: SubmitResponse,
    successStatus: 201,
  }),
  getResults: defineRoute(submissionEndpoints.getResults, {
    query: LanguageQuery,
    summary: 'Scores and analysis of one submission; the analysis is written on first view',
    params: SubmissionIdParams,
    response: ResultsResponse,
  }),
  getComparison: defineRoute(submissionEndpoints.getComparison, {
    query: LanguageQuery,
    summary: 'How one submission compares with similar MSPs',
    params: SubmissionIdParams,
    response: ComparisonResponse,
  }),
  getResultsReport: defineRoute(submissionEndpoints.getResultsReport, {
    query: ResultsReportQuery,
    summary: "One submission's results as a PDF report, in the visitor's language, sent as an attachment",
    params: SubmissionIdParams,
    response: PdfDownload,
    produces: ['application/pdf'],
  }),
  listSubmissions: defineRoute(submissionEndpoints.listSubmissions, {
    summary: 'Submissions, newest first, a page at a time; searchable by name, email and company',
    query: SubmissionListQuery,
    response: SubmissionList,
  }),
  listSubmissionDomains: defineRoute(submissionEndpoints.listSubmissionDomains, {
    summary: 'Every submitter email domain, with its number of submissions',
    response: SubmissionDomains,
  }),
  listDomainEmails: defineRoute(submissionEndpoints.listDomainEmails, {
    summary: 'The submitter emails of one domain',
    query: DomainEmailsQuery,
    response: DomainEmails,
  }),
  exportSubmissions: defineRoute(submissionEndpoints.exportSubmissions, {
    summary: "One domain's submissions (or every domain's) as a CSV or XLSX file, streamed",
    query: SubmissionExportQuery,
    response: FileDownload,
    produces: ['text/csv', XLSX_CONTENT_TYPE],
  }),
  checkSubmissionsExport: defineRoute(submissionEndpoints.checkSubmissionsExport, {
    summary:
      'Whether an export with these filters would start now, asked before a browser download begins: ' +
      'how many submissions it holds, or the 404, 400 or 429 the export itself would answer',
    query: SubmissionExportQuery,
    response: ExportCheck,
  }),
  getSubmission: defineRoute(submissionEndpoints.getSubmission, {
    summary: 'One submission with its answers as they were submitted',
    params: AdminSubmissionIdParams,
    response: SubmissionDetail,
  }),
  exportSubmission: defineRoute(submissionEndpoints.exportSubmission, {
    summary: 'One submission with its answers and scores, as a JSON file',
    params: AdminSubmissionIdParams,
    response: SubmissionDetail,
    produces: ['application/json'],
  }),
  deleteSubmission: defineRoute(submissionEndpoints.deleteSubmission, {
    summary: 'Deletes a submission and everything recorded about it',
    params: AdminSubmissionIdParams,
    response: DeletedResponse,
  }),
  clearSubmissionAnalysis: defineRoute(submissionEndpoints.clearSubmissionAnalysis, {
    summary:
      "Regenerates a submission's analysis: clears the stored one and queues a job that writes a new one",
    params: AdminSubmissionIdParams,
    response: ClearedResponse,
  }),
  resendSubmissionWebhook: defineRoute(submissionEndpoints.resendSubmissionWebhook, {
    summary: 'Queues a new webhook delivery of a submission, attempted at once',
    params: AdminSubmissionIdParams,
    response: ResendWebhookResponse,
  }),
  getSubmissionEmailPreview: defineRoute(submissionEndpoints.getSubmissionEmailPreview, {
    summary: 'The results email of a submission as the active template renders it, for a sandboxed frame',
    params: AdminSubmissionIdParams,
    response: SubmissionEmailPreview,
  }),
  getSubmissionReport: defineRoute(submissionEndpoints.getSubmissionReport, {
    summary: "A submission's PDF report, as its visitor receives it, in the submission's language",
    params: AdminSubmissionIdParams,
    query: SubmissionReportQuery,
    response: PdfDownload,
    produces: ['application/pdf'],
  }),
  previewSubmissionEmail: defineRoute(submissionEndpoints.previewSubmissionEmail, {
    summary: 'The active email template rendered for a submission, as HTML',
    params: AdminSubmissionIdParams,
    response: z.string().meta({ description: 'An HTML page' }),
    produces: ['text/html'],
  }),
  v1ListSubmissions: defineRoute(submissionEndpoints.v1ListSubmissions, {
    summary:
      'Submissions, newest first, a page at a time, optionally within a range of days or of one source or campaign',
    query: V1SubmissionListQuery,
    response: SubmissionList,
    examples: {
      query: { page: 1, pageSize: 25, source: 'linkedin', startDate: '2026-11-01', endDate: '2026-11-30' },
      response: exampleList,
    },
  }),
  v1SearchSubmissions: defineRoute(submissionEndpoints.v1SearchSubmissions, {
    summary: 'Submissions matching a text, an email or an email domain, newest first, a page at a time',
    query: V1SubmissionSearchQuery,
    response: SubmissionList,
    examples: { query: { domain: 'northwind-it.example', startDate: '2026-01-01' }, response: exampleList },
  }),
  v1ExportSubmissions: defineRoute(submissionEndpoints.v1ExportSubmissions, {
    summary:
      'Submissions as a CSV or XLSX file, streamed: one domain, or every domain when `domain` is left out; 404 when none match; ' +
      '429 with Retry-After while the server already runs two exports',
    query: SubmissionExportQuery,
    response: FileDownload,
    produces: ['text/csv', XLSX_CONTENT_TYPE],
    examples: {
      query: { startDate: '2026-11-01', format: 'csv' },
      response:
        'Submitted At (UTC),First Name,Last Name,Email Address,Company Name,…,Overall Level,Average Score (%),…\r\n' +
        '2026-11-20 14:32:05,Jane,Doe,jane.doe@northwind-it.example,Northwind IT,…,2 Advanced,61.4,…\r\n',
    },
  }),
  v1GetSubmission: defineRoute(submissionEndpoints.v1GetSubmission, {
    summary: 'One submission with its answers as they were submitted',
    params: V1SubmissionIdParams,
    response: V1SubmissionDetail,
    examples: {
      params: { id: exampleSubmission.id },
      response: {
        submission: exampleSubmission,
        answers: [
          {
            questionKey: '0f7c2b8e-3d1a-4b6e-9c55-8a1e2d3f4b5c',
            questionOrder: 1,
            questionText: 'How do you onboard a new client?',
            answerText: 'From a documented checklist in the PSA',
            answerDescription: 'Every step is a ticket task',
          },
        ],
        previous: {
          id: '9b2e4f61-0c3d-4a8e-8f1b-2d7c6e5a4b3f',
          submittedAt: '2026-08-14T09:12:40.000Z',
          overallLevel: 1,
          cumulativeAverage: 48.2,
          assessmentNumber: 2,
          changes: {
            overall: { level: 1, score: 13.2 },
            pillars: [{ pillarKey: 'tooling', pillarName: 'Tooling', level: 1, score: 16.7 }],
          },
        },
        organisation: { domain: 'northwind-it.example' },
        fromTeamInvite: false,
        notes: [
          {
            id: 41,
            text: 'Called; they want a demo after the holidays.',
            author: { kind: 'user', id: 3, name: 'Sam Rivera' },
            createdAt: '2026-11-21T10:15:00.000Z',
            editedAt: null,
            editableUntil: null,
          },
        ],
      },
    },
  }),
  v1GetSubmissionReport: defineRoute(submissionEndpoints.v1GetSubmissionReport, {
    summary:
      "One submission's PDF report, in the submission's language: its levels and scores, the analysis, " +
      'the peer comparison and the call to action; the same numbers as GET /api/v1/submissions/{id}',
    params: V1SubmissionIdParams,
    query: SubmissionReportQuery,
    response: PdfDownload,
    produces: ['application/pdf'],
    examples: {
      params: { id: exampleSubmission.id },
      query: { paper: 'a4' },
      response: '%PDF-1.7 … (the report, as application/pdf)',
    },
  }),
};
