import type { ServerRoute } from '@hapi/hapi';
import { submissionRoutes } from '@msp/shared';
import type { AppContext } from '../../app-context.js';
import { contractRoute } from '../../http/route-adapter.js';
import { getSubmissionWithAnswers, listSubmissions } from './admin-submissions-service.js';

/** The key API's reads of the submissions, for integrators (a CRM sync, a BI tool). */
export function v1SubmissionRoutes({ db }: AppContext): ServerRoute[] {
  return [
    contractRoute(submissionRoutes.v1ListSubmissions, ({ query }) => listSubmissions(db, query)),
    contractRoute(submissionRoutes.v1SearchSubmissions, ({ query: { q, ...filter } }) =>
      listSubmissions(db, { ...filter, search: q }),
    ),
    contractRoute(submissionRoutes.v1GetSubmission, ({ params }) => getSubmissionWithAnswers(db, params.id)),
  ];
}
