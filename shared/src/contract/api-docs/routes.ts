import { defineRoute } from '../route.js';
import { apiDocsEndpoints } from './endpoints.js';
import { OpenApiDocument } from './schemas.js';

/** Routes of the API documentation. */
export const apiDocsRoutes = {
  getOpenApiDocument: defineRoute(apiDocsEndpoints.getOpenApiDocument, {
    summary: 'The OpenAPI 3.1 document of the key-protected /api/v1',
    response: OpenApiDocument,
  }),
  getPublishedOpenApiDocument: defineRoute(apiDocsEndpoints.getPublishedOpenApiDocument, {
    summary: 'The OpenAPI 3.1 document of /api/v1, the same as the admin downloads, for anyone to read',
    response: OpenApiDocument,
  }),
};
