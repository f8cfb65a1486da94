import { defineRoute } from '../route.js';
import { contentEndpoints } from './endpoints.js';
import { AdminStats, ContentDocument, ImportResponse } from './schemas.js';

/** Routes over all content at once. */
export const contentRoutes = {
  getAdminStats: defineRoute(contentEndpoints.getAdminStats, {
    summary: 'Counts for the dashboard',
    response: AdminStats,
  }),
  exportContent: defineRoute(contentEndpoints.exportContent, {
    summary: 'The whole questionnaire, matrix, fields and templates as one versioned document',
    response: ContentDocument,
  }),
  importContent: defineRoute(contentEndpoints.importContent, {
    summary:
      'Replaces all content with a document, in one transaction, or changes nothing and lists every problem',
    body: ContentDocument,
    response: ImportResponse,
  }),
};
