import Boom from '@hapi/boom';
import type { Plugin, Request } from '@hapi/hapi';
import { apiKeyRoutes } from '@msp/shared';
import type { AppContext } from '../../app-context.js';
import { auditWriter } from '../../http/audit-trail.js';
import { consumeOrRefuse } from '../../http/rate-limit.js';
import { API_KEY_STRATEGY, contractRoute, DELETED } from '../../http/route-adapter.js';
import { ApiKeyAuthenticator } from './api-key-authenticator.js';
import {
  API_KEYS_CHANNEL,
  createApiKey,
  deleteApiKey,
  listApiKeys,
  updateApiKey,
} from './api-keys-service.js';

declare module '@hapi/hapi' {
  interface PluginProperties {
    'api-keys': {
      /** Finds the key of a token; told when keys change, here and on other instances. */
      authenticator: ApiKeyAuthenticator;
    };
  }
}

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
 * API keys: the admin's management routes, and the `api-key` auth strategy every /api/v1 route
 * uses (Bearer or X-API-Key; one 401 for any key that does not open anything), with a per-key rate
 * limit, counted as the key is checked. Nothing /api/v1 answers may be cached (it carries personal
 * data and changes at any time): every key route says no-store, as every personal route does.
 */
export const apiKeysPlugin: Plugin<AppContext> = {
  name: 'api-keys',
  register(server, { db, config, changes, limits, logger }) {
    const apiKeys = new ApiKeyAuthenticator(db, logger);
    changes.on(API_KEYS_CHANNEL, () => apiKeys.invalidate());
    server.expose('authenticator', apiKeys);
    // In the limiter store: instances on one PostgreSQL share one count per key.
    const limiter = limits.limiter({
      keyPrefix: 'api-key',
      points: config.apiRateLimitPerMinute,
      duration: 60,
    });
    server.auth.scheme(API_KEY_STRATEGY, () => ({
      async authenticate(request, h) {
        const token = offeredToken(request);
        if (!token) throw Boom.unauthorized(MISSING_API_KEY_MESSAGE, 'Bearer');
        const key = await apiKeys.authenticate(token);
        if (!key) throw Boom.unauthorized(INVALID_API_KEY_MESSAGE, 'Bearer');
        // Each request a key opens counts against it; hapi answers a refusal that is not a 401 as is.
        await consumeOrRefuse(
          limiter,
          String(key.id),
          `This API key made more than ${config.apiRateLimitPerMinute} requests in a minute. Please wait and try again.`,
        );
        return h.authenticated({ credentials: { apiKey: key } });
      },
    }));
    server.auth.strategy(API_KEY_STRATEGY, API_KEY_STRATEGY);

    const invalidate = () => apiKeys.invalidate();
    server.route([
      contractRoute(apiKeyRoutes.listApiKeys, () => listApiKeys(db)),
      contractRoute(apiKeyRoutes.createApiKey, ({ body, request }) =>
        createApiKey(
          db,
          body,
          request.auth.credentials.user?.id ?? null,
          invalidate,
          auditWriter(request, { summary: body }),
        ),
      ),
      contractRoute(apiKeyRoutes.updateApiKey, ({ params, body, request }) =>
        updateApiKey(
          db,
          params.id,
          body,
          invalidate,
          auditWriter(request, { targetId: params.id, summary: body }),
        ),
      ),
      contractRoute(apiKeyRoutes.deleteApiKey, async ({ params, request }) => {
        await deleteApiKey(db, params.id, invalidate, auditWriter(request, { targetId: params.id }));
        return DELETED;
      }),
    ]);
  },
};
