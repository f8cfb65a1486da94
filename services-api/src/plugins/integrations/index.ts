import type { Plugin } from '@hapi/hapi';
import { integrationRoutes } from '@msp/shared';
import type { AppContext } from '../../app-context.js';
import { recordAudit } from '../../http/audit-trail.js';
import { requestLogger } from '../../http/request-logger.js';
import { contractRoute } from '../../http/route-adapter.js';
import { describeIntegrations, sendTestEmail, sendTestWebhook } from './integrations-service.js';

/**
 * What this server is configured to do with the outside world (mail, webhooks, the model, single
 * sign-on, proxies) and the latest failed deliveries, for approved admins; and a test email and a
 * test webhook, sent at once.
 */
export const integrationsPlugin: Plugin<AppContext> = {
  name: 'integrations',
  dependencies: ['auth'],
  register(server, { db, cache, config, mailer }) {
    server.route([
      contractRoute(integrationRoutes.getIntegrations, () => describeIntegrations(db, cache, config)),
      contractRoute(integrationRoutes.sendTestEmail, async ({ request }) => {
        const result = await sendTestEmail(mailer, config, request.auth.credentials.user!.email);
        await recordAudit(db, request, { summary: { sent: result.sent, transport: result.transport } });
        requestLogger(request).info({ sent: result.sent, transport: result.transport }, 'Test email');
        return result;
      }),
      contractRoute(integrationRoutes.sendTestWebhook, async ({ request }) => {
        const result = await sendTestWebhook(config);
        await recordAudit(db, request, {
          summary: {
            delivered: result.delivered,
            httpStatus: result.httpStatus,
            messageId: result.messageId,
          },
        });
        requestLogger(request).info(
          { delivered: result.delivered, httpStatus: result.httpStatus, messageId: result.messageId },
          'Test webhook',
        );
        return result;
      }),
    ]);
  },
};
