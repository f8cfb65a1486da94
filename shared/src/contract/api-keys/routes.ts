import { z } from 'zod';
import { defineRoute } from '../route.js';
import { apiKeyEndpoints } from './endpoints.js';
import { DeletedResponse } from '../common.js';
import {
  ApiKey,
  ApiKeyIdParams,
  CreateApiKeyRequest,
  CreatedApiKey,
  UpdateApiKeyRequest,
} from './schemas.js';

/** Routes of the admin's API keys. */
export const apiKeyRoutes = {
  listApiKeys: defineRoute(apiKeyEndpoints.listApiKeys, {
    summary: 'Every API key, newest first, its token masked',
    response: z.array(ApiKey),
  }),
  createApiKey: defineRoute(apiKeyEndpoints.createApiKey, {
    summary: 'Creates an API key; the answer is the only time its whole token is shown',
    body: CreateApiKeyRequest,
    response: CreatedApiKey,
    successStatus: 201,
  }),
  updateApiKey: defineRoute(apiKeyEndpoints.updateApiKey, {
    summary: 'Enables, disables or renames an API key',
    params: ApiKeyIdParams,
    body: UpdateApiKeyRequest,
    response: ApiKey,
  }),
  deleteApiKey: defineRoute(apiKeyEndpoints.deleteApiKey, {
    summary: 'Deletes an API key; it stops working at once',
    params: ApiKeyIdParams,
    response: DeletedResponse,
  }),
};
