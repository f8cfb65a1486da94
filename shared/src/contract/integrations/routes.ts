import { defineRoute } from '../route.js';
import { integrationEndpoints } from './endpoints.js';
import { Integrations, TestEmailResult, TestWebhookResult } from './schemas.js';

/** Routes of the integrations screen. */
export const integrationRoutes = {
  getIntegrations: defineRoute(integrationEndpoints.getIntegrations, {
    summary:
      'What this server is configured to do (mail, webhooks, model, sign-on, proxies), without secrets',
    response: Integrations,
  }),
  sendTestEmail: defineRoute(integrationEndpoints.sendTestEmail, {
    summary: "Sends a test email to the signed-in admin's address, through the configured transport",
    response: TestEmailResult,
  }),
  sendTestWebhook: defineRoute(integrationEndpoints.sendTestWebhook, {
    summary: 'Posts a test event to the webhook target, signed like the real deliveries',
    response: TestWebhookResult,
  }),
};
