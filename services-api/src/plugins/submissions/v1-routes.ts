import type { ServerRoute } from '@hapi/hapi';
import { submissionRoutes } from '@msp/shared';
import type { AppContext } from '../../app-context.js';
import { contractRoute, fileRoute } from '../../http/route-adapter.js';
import { getV1Submission, listSubmissions } from './admin/admin-submissions-service.js';
import { exportDownload } from './export/download.js';
import type { ExportSlots } from './export/export-slots.js';

/** The key API's reads of the submissions, for integrators (a CRM sync, a BI tool). */
export function v1SubmissionRoutes({ db }: AppContext, slots: ExportSlots): ServerRoute[] {
  return [
    contractRoute(submissionRoutes.v1ListSubmissions, ({ query }) => listSubmissions(db, query)),
    contractRoute(submissionRoutes.v1SearchSubmissions, ({ query: { q, ...filter } }) =>
      listSubmissions(db, { ...filter, search: q }),
    ),
    fileRoute(submissionRoutes.v1ExportSubmissions, ({ query, request, h }) =>
      exportDownload({ db, slots }, query, request, h),
    ),
    contractRoute(submissionRoutes.v1GetSubmission, ({ params }) => getV1Submission(db, params.id)),
  ];
}
