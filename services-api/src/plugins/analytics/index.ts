import type { Plugin } from '@hapi/hapi';
import { analyticsRoutes } from '@msp/shared';
import type { AppContext } from '../../app-context.js';
import { contractRoute } from '../../http/route-adapter.js';
import { readActiveDemographicFields } from '../demographic-fields/demographic-fields-service.js';
import { analytics } from './analytics-service.js';
import { sourcesAnalytics } from './sources-service.js';
import { demographicsAnalytics, maturityLevels } from './distribution-service.js';

/**
 * Figures over every submission, summed from the aggregates the submission triggers keep: the
 * admin's Analytics screen, and the overview and distributions of the key API.
 */
export const analyticsPlugin: Plugin<AppContext> = {
  name: 'analytics',
  register(server, { db, cache }) {
    server.route([
      contractRoute(analyticsRoutes.getAnalytics, () => analytics(db)),
      contractRoute(analyticsRoutes.v1GetAnalyticsOverview, () => analytics(db)),
      contractRoute(analyticsRoutes.v1GetDemographicsAnalytics, async () =>
        demographicsAnalytics(db, await readActiveDemographicFields(db, cache)),
      ),
      contractRoute(analyticsRoutes.v1GetMaturityLevels, () => maturityLevels(db)),
      contractRoute(analyticsRoutes.getSourcesAnalytics, ({ query }) => sourcesAnalytics(db, query)),
      contractRoute(analyticsRoutes.v1GetSourcesAnalytics, ({ query }) => sourcesAnalytics(db, query)),
    ]);
  },
};
