import { defineRoute } from '../route.js';
import { draftEndpoints } from './endpoints.js';
import { ResumeDraftRequest, SaveDraftRequest, SaveDraftResponse, SavedDraft } from './schemas.js';

/** "Continue later" and the emailed link that resumes the assessment on any device. */
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
};
