import Boom from '@hapi/boom';
import type { Plugin, Request } from '@hapi/hapi';
import { apiDocsRoutes, apiKeyRoutes, buildOpenApiDocument, type OpenApiDocument } from '@msp/shared';
import { RateLimiterRes } from 'rate-limiter-flexible';
import type { AppContext } from '../../app-context.js';
import { API_KEY_STRATEGY, contractRoute } from '../../http/route-adapter.js';
import { createApiKey, deleteApiKey, listApiKeys, updateApiKey } from './api-keys-service.js';

/** The one answer for a key that does not open anything, whatever the reason. */
export const INVALID_API_KEY_MESSAGE = 'Invalid API key';
/** The answer when no key was sent at all, saying how to send one. */
export const MISSING_API_KEY_MESSAGE =
  'An API key is required: send it as Authorization: Bearer <key> or X-API-Key: <key>';

/** The token a request offers: a Bearer authorization first, else the X-API-Key header. */
export function offeredToken(request: Request): string | undefined {
  const authorization: unknown = request.headers.authorization;
  const bearer =
    typeof authorization === 'string' ? /^Bearer +(\S+) *$/i.exec(authorization)?.[1] : undefined;
  if (bearer) return bearer;
  const header = request.headers['x-api-key'];
  const value = typeof header === 'string' ? header.trim() : '';
  return value || undefined;
}

/**
 * API keys: the admin's management routes and OpenAPI document, and the `api-key` auth strategy
 * every key route uses (Bearer or X-API-Key; one 401 for any key that does not open anything),
 * with a per-key rate limit.
 */
export const apiKeysPlugin: Plugin<AppContext> = {
  name: 'api-keys',
  register(server, { db, config, apiKeys, limits }) {
    server.auth.scheme(API_KEY_STRATEGY, () => ({
      async authenticate(request, h) {
        const token = offeredToken(request);
        if (!token) throw Boom.unauthorized(MISSING_API_KEY_MESSAGE, 'Bearer');
        const key = await apiKeys.authenticate(token);
        if (!key) throw Boom.unauthorized(INVALID_API_KEY_MESSAGE, 'Bearer');
        return h.authenticated({ credentials: { apiKey: key } });
      },
    }));
    server.auth.strategy(API_KEY_STRATEGY, API_KEY_STRATEGY);

    // In the limiter store: instances on one PostgreSQL share one count per key.
    const limiter = limits.limiter({
      keyPrefix: 'api-key',
      points: config.apiRateLimitPerMinute,
      duration: 60,
    });
    server.ext('onPostAuth', async (request, h) => {
      const key = request.auth.credentials?.apiKey;
      if (!key) return h.continue;
      try {
        await limiter.consume(String(key.id));
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        const error = Boom.tooManyRequests(
          `This API key made more than ${config.apiRateLimitPerMinute} requests in a minute. Please wait and try again.`,
        );
        error.output.headers['Retry-After'] = String(Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)));
        throw error;
      }
      return h.continue;
    });

    const extras = { validateResponses: config.validateResponses };
    const invalidate = () => apiKeys.invalidate();
    let openApi: OpenApiDocument | undefined;
    server.route([
      contractRoute(apiKeyRoutes.listApiKeys, () => listApiKeys(db), extras),
      contractRoute(
        apiKeyRoutes.createApiKey,
        ({ body, request }) => createApiKey(db, body, request.auth.credentials.user?.id ?? null, invalidate),
        extras,
      ),
      contractRoute(
        apiKeyRoutes.updateApiKey,
        ({ params, body }) => updateApiKey(db, params.id, body, invalidate),
        extras,
      ),
      contractRoute(
        apiKeyRoutes.deleteApiKey,
        async ({ params }) => {
          await deleteApiKey(db, params.id, invalidate);
          return { deleted: true as const };
        },
        extras,
      ),
      contractRoute(
        apiDocsRoutes.getOpenApiDocument,
        () =>
          (openApi ??= buildOpenApiDocument({
            serverUrl: config.publicUrl,
            rateLimitPerMinute: config.apiRateLimitPerMinute,
          })),
        extras,
      ),
    ]);
  },
};
