import Boom from '@hapi/boom';
import type { Plugin, Request } from '@hapi/hapi';
import {
  analyticsRoutes,
  API_V1_BASE_PATH,
  demographicFieldRoutes,
  pillarRoutes,
  questionRoutes,
  submissionRoutes,
  userRoutes,
} from '@msp/shared';
import type { AppContext } from '../../app-context.js';
import { contractRoute, JsonText } from '../../http/route-adapter.js';
import { listDemographicFields } from '../demographic-fields/demographic-fields-service.js';
import { listPillars } from '../pillars/pillars-service.js';
import { listQuestions } from '../questions/questions-service.js';
import { getSubmissionWithAnswers, listSubmissions } from '../submissions/admin-submissions-service.js';
import { createUserWithKey, listUsers, updateUserWithKey } from '../users/users-service.js';
import { analyticsOverview, demographicsAnalytics, maturityLevels } from './v1-analytics-service.js';

/**
 * The key-based API for integrators under /api/v1: the submissions, the analytics and the
 * questionnaire to read, and users to manage. Access is each route's `key:` permission (checked by
 * the route adapter); the `api-key` strategy and the per-key rate limit come from the api-keys
 * plugin. Nothing it answers may be cached: it carries personal data and changes at any time.
 */
export const v1Plugin: Plugin<AppContext> = {
  name: 'api-v1',
  dependencies: ['api-keys'],
  register(server, { db, config, cache, content }) {
    const extras = { validateResponses: config.validateResponses };
    // Every content write clears these with the public ones, so they are never stale.
    const cachedJson = (key: string, load: () => Promise<unknown>) =>
      cache.get(`json:v1:${key}`, async () => new JsonText(JSON.stringify(await load())));
    // Key routes only run once the strategy has authenticated a key.
    const keyOf = (request: Request) => request.auth.credentials.apiKey!.permission;

    server.ext('onPreResponse', (request, h) => {
      if (request.path !== API_V1_BASE_PATH && !request.path.startsWith(`${API_V1_BASE_PATH}/`)) {
        return h.continue;
      }
      const response = request.response;
      // Lower case: hapi looks for this spelling before adding its own no-cache to an error.
      if (Boom.isBoom(response)) response.output.headers['cache-control'] = 'no-store';
      else response.header('Cache-Control', 'no-store');
      return h.continue;
    });

    server.route([
      contractRoute(submissionRoutes.v1ListSubmissions, ({ query }) => listSubmissions(db, query), extras),
      contractRoute(
        submissionRoutes.v1SearchSubmissions,
        ({ query: { q, ...filter } }) => listSubmissions(db, { ...filter, search: q }),
        extras,
      ),
      contractRoute(
        submissionRoutes.v1GetSubmission,
        ({ params }) => getSubmissionWithAnswers(db, params.id),
        extras,
      ),
      contractRoute(analyticsRoutes.v1GetAnalyticsOverview, () => analyticsOverview(db), extras),
      contractRoute(
        analyticsRoutes.v1GetDemographicsAnalytics,
        async () => demographicsAnalytics(db, await content.demographicFields()),
        extras,
      ),
      contractRoute(analyticsRoutes.v1GetMaturityLevels, () => maturityLevels(db), extras),
      contractRoute(pillarRoutes.v1ListPillars, () => cachedJson('pillars', () => listPillars(db)), extras),
      contractRoute(
        questionRoutes.v1ListQuestions,
        () => cachedJson('questions', () => listQuestions(db)),
        extras,
      ),
      contractRoute(
        demographicFieldRoutes.v1ListDemographicFields,
        () => cachedJson('demographic-fields', () => listDemographicFields(db)),
        extras,
      ),
      contractRoute(userRoutes.v1ListUsers, () => listUsers(db), extras),
      contractRoute(
        userRoutes.v1CreateUser,
        ({ body, request }) => createUserWithKey(db, body, keyOf(request), config.founderEmail),
        extras,
      ),
      contractRoute(
        userRoutes.v1UpdateUser,
        ({ params, body, request }) =>
          updateUserWithKey(db, params.id, body, keyOf(request), config.founderEmail),
        extras,
      ),
    ]);
  },
};
