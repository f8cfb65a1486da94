import type { Plugin } from '@hapi/hapi';
import { apiDocsRoutes, buildOpenApiDocument, type OpenApiDocument } from '@msp/shared';
import type { AppContext } from '../../app-context.js';
import { contractRoute } from '../../http/route-adapter.js';

/** The OpenAPI document of /api/v1, with this server's address and rate limit, for approved admins. */
export const apiDocsPlugin: Plugin<AppContext> = {
  name: 'api-docs',
  register(server, { config }) {
    let openApi: OpenApiDocument | undefined;
    server.route([
      contractRoute(
        apiDocsRoutes.getOpenApiDocument,
        () =>
          (openApi ??= buildOpenApiDocument({
            serverUrl: config.publicUrl,
            rateLimitPerMinute: config.apiRateLimitPerMinute,
          })),
      ),
    ]);
  },
};
