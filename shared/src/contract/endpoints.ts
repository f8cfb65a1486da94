/**
 * The head of every route: method, path and who may call it, written once in each resource's
 * `endpoints.ts`. Each resource's `routes.ts` adds the zod schemas; browsers import only these
 * heads, so zod stays out of bundles that merely call the API. Paths use Hapi's `{param}` syntax.
 */
import { analyticsEndpoints } from './analytics/endpoints.js';
import { apiDocsEndpoints } from './api-docs/endpoints.js';
import { apiKeyEndpoints } from './api-keys/endpoints.js';
import { auditEndpoints } from './audit/endpoints.js';
import { authEndpoints } from './auth/endpoints.js';
import { configEndpoints } from './config/endpoints.js';
import { contentEndpoints } from './content/endpoints.js';
import { demographicFieldEndpoints } from './demographic-fields/endpoints.js';
import { draftEndpoints } from './drafts/endpoints.js';
import { emailTemplateEndpoints } from './email-templates/endpoints.js';
import { funnelEndpoints } from './funnel/endpoints.js';
import { integrationEndpoints } from './integrations/endpoints.js';
import { inviteEndpoints } from './invites/endpoints.js';
import { matrixEndpoints } from './matrix/endpoints.js';
import { organisationEndpoints } from './organisations/endpoints.js';
import { personalDataEndpoints } from './personal-data/endpoints.js';
import { pillarEndpoints } from './pillars/endpoints.js';
import { questionEndpoints } from './questions/endpoints.js';
import { reminderEndpoints } from './reminders/endpoints.js';
import { settingsEndpoints } from './settings/endpoints.js';
import { submissionEndpoints } from './submissions/endpoints.js';
import { translationEndpoints } from './translations/endpoints.js';
import { userEndpoints } from './users/endpoints.js';
import { visitorEndpoints } from './visitor/endpoints.js';
import { teamEndpoints } from './teams/endpoints.js';
import { leadEndpoints } from './leads/endpoints.js';
import { hubspotEndpoints } from './hubspot/endpoints.js';
import { notificationEndpoints } from './notifications/endpoints.js';

export * from './access.js';

/** The JSON API: what the typed client calls and the server answers with JSON. */
export const endpoints = {
  ...configEndpoints,
  ...pillarEndpoints,
  ...questionEndpoints,
  ...demographicFieldEndpoints,
  ...matrixEndpoints,
  ...emailTemplateEndpoints,
  ...contentEndpoints,
  ...submissionEndpoints,
  ...personalDataEndpoints,
  ...analyticsEndpoints,
  ...funnelEndpoints,
  ...userEndpoints,
  ...inviteEndpoints,
  ...authEndpoints,
  ...apiKeyEndpoints,
  ...apiDocsEndpoints,
  ...integrationEndpoints,
  ...settingsEndpoints,
  ...auditEndpoints,
  ...translationEndpoints,
  ...visitorEndpoints,
  ...teamEndpoints,
  ...leadEndpoints,
  ...reminderEndpoints,
  ...draftEndpoints,
  ...organisationEndpoints,
  ...hubspotEndpoints,
  ...notificationEndpoints,
};

export type RouteName = keyof typeof endpoints;
