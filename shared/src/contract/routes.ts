import type { RouteAccess } from './access.js';
import { authPageEndpoints } from './auth/endpoints.js';
import { invitePageEndpoints } from './invites/endpoints.js';
import { analyticsRoutes } from './analytics/routes.js';
import { apiDocsRoutes } from './api-docs/routes.js';
import { apiKeyRoutes } from './api-keys/routes.js';
import { auditRoutes } from './audit/routes.js';
import { authPages, authRoutes } from './auth/routes.js';
import { configRoutes } from './config/routes.js';
import { contentRoutes } from './content/routes.js';
import { demographicFieldRoutes } from './demographic-fields/routes.js';
import { draftRoutes } from './drafts/routes.js';
import { emailTemplateRoutes } from './email-templates/routes.js';
import { funnelRoutes } from './funnel/routes.js';
import { integrationRoutes } from './integrations/routes.js';
import { invitePages, inviteRoutes } from './invites/routes.js';
import { matrixRoutes } from './matrix/routes.js';
import { organisationRoutes } from './organisations/routes.js';
import { personalDataRoutes } from './personal-data/routes.js';
import { pillarRoutes } from './pillars/routes.js';
import { questionRoutes } from './questions/routes.js';
import { settingsRoutes } from './settings/routes.js';
import { submissionRoutes } from './submissions/routes.js';
import { translationRoutes } from './translations/routes.js';
import { userRoutes } from './users/routes.js';
import { visitorRoutes } from './visitor/routes.js';
import { reminderRoutes } from './reminders/routes.js';
import { teamRoutes } from './teams/routes.js';
import { leadRoutes } from './leads/routes.js';
import { hubspotRoutes } from './hubspot/routes.js';
import { notificationRoutes } from './notifications/routes.js';

/** Every JSON endpoint of the product, gathered from the resources' own route tables. */
export const routes = {
  ...configRoutes,
  ...pillarRoutes,
  ...questionRoutes,
  ...demographicFieldRoutes,
  ...matrixRoutes,
  ...emailTemplateRoutes,
  ...contentRoutes,
  ...submissionRoutes,
  ...personalDataRoutes,
  ...analyticsRoutes,
  ...funnelRoutes,
  ...userRoutes,
  ...inviteRoutes,
  ...authRoutes,
  ...apiKeyRoutes,
  ...apiDocsRoutes,
  ...integrationRoutes,
  ...settingsRoutes,
  ...auditRoutes,
  ...translationRoutes,
  ...visitorRoutes,
  ...teamRoutes,
  ...leadRoutes,
  ...reminderRoutes,
  ...draftRoutes,
  ...organisationRoutes,
  ...hubspotRoutes,
  ...notificationRoutes,
};
export type Routes = typeof routes;

/**
 * Server-rendered pages and redirects: sign-in, sign-out, the founder setup link, invites and the
 * single sign-on round trip. They answer HTML, so the typed client and the OpenAPI document leave
 * them out (and browsers never load their heads), but the server validates their input like any
 * other route.
 */
export const pageEndpoints = { ...authPageEndpoints, ...invitePageEndpoints };
export type PageName = keyof typeof pageEndpoints;

/** Every page the server renders under /api. */
export const pageRoutes = { ...authPages, ...invitePages };

/** Every route the server serves under /api: the JSON routes and the pages. */
export const allRoutes = { ...routes, ...pageRoutes };

const isKeyRoute = (access: RouteAccess) => access.startsWith('key:');

type KeyRouteName = {
  [K in keyof Routes]: Routes[K]['access'] extends `key:${string}` ? K : never;
}[keyof Routes];

/** The key-based API for integrators under /api/v1, of which the OpenAPI document is generated. */
export const v1Routes = Object.fromEntries(
  Object.entries(routes).filter(([, route]) => isKeyRoute(route.access)),
) as Pick<Routes, KeyRouteName>;
