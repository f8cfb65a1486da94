/**
 * The contract: one folder per resource (`pillars/`, `submissions/`, …), each holding its route
 * heads (`endpoints.ts`, no zod), its schemas and its routes for every audience (public, admin,
 * /api/v1). This file gathers them for the server, the typed client and the OpenAPI document.
 */
export * from './access.js';
export * from './common.js';
export * from './route.js';
export * from './endpoints.js';
export * from './routes.js';

export * from './config/schemas.js';
export * from './config/routes.js';
export * from './pillars/schemas.js';
export * from './pillars/routes.js';
export * from './questions/schemas.js';
export * from './questions/routes.js';
export * from './demographic-fields/schemas.js';
export * from './demographic-fields/routes.js';
export * from './matrix/schemas.js';
export * from './matrix/routes.js';
export * from './email-templates/schemas.js';
export * from './email-templates/routes.js';
export * from './content/schemas.js';
export * from './content/routes.js';
export * from './submissions/assessment-schemas.js';
export * from './submissions/schemas.js';
export * from './submissions/webhook-schemas.js';
export * from './submissions/report-schemas.js';
export * from './submissions/routes.js';
export * from './personal-data/schemas.js';
export * from './personal-data/routes.js';
export * from './personal-data/file-name.js';
export * from './submissions/report-file-name.js';
export * from './submissions/report-paper.js';
export * from './analytics/schemas.js';
export * from './analytics/routes.js';
export * from './funnel/steps.js';
export * from './funnel/schemas.js';
export * from './funnel/routes.js';
export * from './analytics/sources.js';
export * from './users/schemas.js';
export * from './users/routes.js';
export * from './invites/schemas.js';
export * from './invites/routes.js';
export * from './visitor/endpoints.js';
export * from './visitor/schemas.js';
export * from './visitor/routes.js';
export * from './auth/schemas.js';
export * from './auth/routes.js';
export * from './api-keys/schemas.js';
export * from './api-keys/routes.js';
export * from './settings/schemas.js';
export * from './settings/routes.js';
export * from './settings/branding.js';
export * from './api-docs/schemas.js';
export * from './api-docs/routes.js';
export * from './openapi.js';
export * from './openapi-webhooks.js';
export * from './integrations/schemas.js';
export * from './integrations/routes.js';
export * from './audit/actions.js';
export * from './audited-routes.js';
export * from './audit/addresses.js';
export * from './audit/schemas.js';
export * from './audit/routes.js';
export * from './translations/schemas.js';
export * from './translations/routes.js';
