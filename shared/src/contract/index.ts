import { apiKeyRoutes } from './api-keys.js';
import { authRoutes } from './auth.js';
import { contentRoutes } from './content.js';
import { pageRoutes } from './pages.js';
import { publicRoutes } from './public.js';
import { submissionRoutes } from './submissions.js';
import { v1Routes } from './v1.js';

export * from './route.js';
export * from './endpoints.js';
export * from './schemas/common.js';
export * from './schemas/pillars.js';
export * from './schemas/questions.js';
export * from './schemas/demographics.js';
export * from './schemas/matrix.js';
export * from './schemas/config.js';
export * from './schemas/assessment.js';
export * from './schemas/users.js';
export * from './schemas/content-admin.js';
export * from './schemas/content-document.js';
export * from './schemas/submissions.js';
export * from './schemas/webhooks.js';
export * from './schemas/api-keys.js';
export * from './schemas/v1.js';
export * from './openapi.js';
export { XLSX_CONTENT_TYPE } from './submissions.js';
export * from './pages.js';
export { apiKeyRoutes, authRoutes, contentRoutes, publicRoutes, submissionRoutes, v1Routes };

/** Every endpoint of the product. A new endpoint is one entry here, one handler and one test. */
export const routes = {
  ...publicRoutes,
  ...authRoutes,
  ...contentRoutes,
  ...submissionRoutes,
  ...apiKeyRoutes,
  ...v1Routes,
};
export type Routes = typeof routes;

/** Every route the server serves under /api: the JSON routes and the pages. */
export const allRoutes = { ...routes, ...pageRoutes };
