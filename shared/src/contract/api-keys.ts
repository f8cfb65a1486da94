import { endpoints } from './endpoints.js';
import { defineRoute } from './route.js';
import {
  ApiKey,
  ApiKeyIdParams,
  CreateApiKeyRequest,
  CreatedApiKey,
  OpenApiDocument,
  UpdateApiKeyRequest,
} from './schemas/api-keys.js';
import { DeletedResponse } from './schemas/content-admin.js';
import { z } from 'zod';

/** The admin's management of API keys, and the document integrators build against. */
export const apiKeyRoutes = {
  listApiKeys: defineRoute(endpoints.listApiKeys, {
    summary: 'Every API key, newest first, its token masked',
    response: z.array(ApiKey),
  }),
  createApiKey: defineRoute(endpoints.createApiKey, {
    summary: 'Creates an API key; the answer is the only time its whole token is shown',
    body: CreateApiKeyRequest,
    response: CreatedApiKey,
    successStatus: 201,
  }),
  updateApiKey: defineRoute(endpoints.updateApiKey, {
    summary: 'Enables, disables or renames an API key',
    params: ApiKeyIdParams,
    body: UpdateApiKeyRequest,
    response: ApiKey,
  }),
  deleteApiKey: defineRoute(endpoints.deleteApiKey, {
    summary: 'Deletes an API key; it stops working at once',
    params: ApiKeyIdParams,
    response: DeletedResponse,
  }),
  getOpenApiDocument: defineRoute(endpoints.getOpenApiDocument, {
    summary: 'The OpenAPI 3.1 document of the key-protected /api/v1',
    response: OpenApiDocument,
  }),
};
