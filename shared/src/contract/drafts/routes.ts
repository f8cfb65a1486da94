import { z } from 'zod';
import { defineRoute } from '../route.js';
import { DraftExportQuery, DraftList, DraftListQuery, type AdminDraft } from './admin-schemas.js';
import { draftEndpoints } from './endpoints.js';
import { ResumeDraftRequest, SaveDraftRequest, SaveDraftResponse, SavedDraft } from './schemas.js';

const exampleDraft: AdminDraft = {
  id: 42,
  email: 'jane.doe@northwind-it.example',
  firstName: 'Jane',
  lastName: 'Doe',
  company: 'Northwind IT',
  language: 'en',
  startedAt: '2026-11-20T14:03:12.000Z',
  lastActivityAt: '2026-11-21T09:41:30.000Z',
  answered: 12,
  questionCount: 30,
};

const LIST_SUMMARY =
  'Unfinished assessments their visitors saved with "Continue later", newest activity first, a page at a time; ' +
  'while a consent statement is set, only those whose visitor ticked it';

/** "Continue later", the emailed link that resumes the assessment on any device, and the operator's list of saved drafts. */
export const draftRoutes = {
  saveAssessmentDraft: defineRoute(draftEndpoints.saveAssessmentDraft, {
    summary:
      "Saves the visitor's unfinished assessment under their address (replacing that address's draft) and emails a link that resumes it",
    body: SaveDraftRequest,
    response: SaveDraftResponse,
    successStatus: 202,
  }),
  resumeAssessmentDraft: defineRoute(draftEndpoints.resumeAssessmentDraft, {
    summary: 'The saved draft an emailed link names, until it is submitted or deleted',
    body: ResumeDraftRequest,
    response: SavedDraft,
  }),
  listDrafts: defineRoute(draftEndpoints.listDrafts, {
    summary: `${LIST_SUMMARY}; searchable by email, name and company`,
    query: DraftListQuery,
    response: DraftList,
  }),
  exportDrafts: defineRoute(draftEndpoints.exportDrafts, {
    summary: 'Every saved draft the filters match as a CSV file, newest activity first, streamed',
    query: DraftExportQuery,
    response: z.string().meta({ description: 'The file, sent as an attachment' }),
    produces: ['text/csv'],
  }),
  v1ListDrafts: defineRoute(draftEndpoints.v1ListDrafts, {
    summary: LIST_SUMMARY,
    query: DraftListQuery,
    response: DraftList,
    examples: {
      query: { page: 1, pageSize: 25, search: 'northwind', startDate: '2026-11-01', endDate: '2026-11-30' },
      response: {
        drafts: [exampleDraft],
        pagination: { page: 1, pageSize: 25, total: 1, totalPages: 1, totalCapped: false },
      },
    },
  }),
};
