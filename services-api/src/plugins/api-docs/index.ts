import type { Plugin } from '@hapi/hapi';
import { apiDocsRoutes, buildOpenApiDocument, type OpenApiDocument } from '@msp/shared';
import type { AppContext } from '../../app-context.js';
import { contractRoute } from '../../http/route-adapter.js';
import { WEBHOOK_RETRY_DELAYS_MS } from '../../jobs/retry-schedules.js';
import { WEBHOOK_TIMEOUT_MS } from '../submissions/follow-ups/webhook.js';

/**
 * The OpenAPI document of /api/v1, with this server's address and rate limit: downloaded by
 * approved admins, and published at /api/v1/openapi.json for integrators and their tools. It is
 * the same document at both addresses, built once.
 */
export const apiDocsPlugin: Plugin<AppContext> = {
  name: 'api-docs',
  register(server, { config }) {
    let openApi: OpenApiDocument | undefined;
    const document = () =>
      (openApi ??= buildOpenApiDocument({
        serverUrl: config.publicUrl,
        rateLimitPerMinute: config.apiRateLimitPerMinute,
        webhookDelivery: { timeoutMs: WEBHOOK_TIMEOUT_MS, retryDelaysMs: WEBHOOK_RETRY_DELAYS_MS },
      }));
    server.route([
      contractRoute(apiDocsRoutes.getOpenApiDocument, document),
      // Public content: a tag and a short public max-age let a client generator or a CDN revalidate it.
      contractRoute(apiDocsRoutes.getPublishedOpenApiDocument, document, { publicContent: true }),
    ]);
  },
};
