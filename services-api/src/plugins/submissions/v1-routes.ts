import type { ServerRoute } from '@hapi/hapi';
import { submissionRoutes } from '@msp/shared';
import type { AppContext } from '../../app-context.js';
import { recordAudit } from '../../http/audit-trail.js';
import { contractRoute, fileRoute } from '../../http/route-adapter.js';
import { exportFileResponse } from './admin-routes.js';
import { getSubmissionWithAnswers, listSubmissions } from './admin-submissions-service.js';
import { exportSubmissions } from './export-service.js';

/** The key API's reads of the submissions, for integrators (a CRM sync, a BI tool). */
export function v1SubmissionRoutes({ db }: AppContext): ServerRoute[] {
  return [
    contractRoute(submissionRoutes.v1ListSubmissions, ({ query }) => listSubmissions(db, query)),
    contractRoute(submissionRoutes.v1SearchSubmissions, ({ query: { q, ...filter } }) =>
      listSubmissions(db, { ...filter, search: q }),
    ),
    fileRoute(submissionRoutes.v1ExportSubmissions, async ({ query, request, h }) => {
      const file = await exportSubmissions(db, query, request.logger);
      await recordAudit(db, request, { summary: query });
      return exportFileResponse(h, file);
    }),
    contractRoute(submissionRoutes.v1GetSubmission, ({ params }) => getSubmissionWithAnswers(db, params.id)),
  ];
}
