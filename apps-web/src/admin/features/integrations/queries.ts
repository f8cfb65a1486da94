import { Intent } from '@blueprintjs/core';
import type { ApiClient } from '@msp/shared/browser';
import { queryOptions } from '@tanstack/react-query';
import { queryKey } from '../../../lib/query-keys.js';
import { useApi } from '../../../platform/platform-context.js';
import { useAdminQuery } from '../../api/admin-query.js';
import { useAdminMutation } from '../../api/use-admin-mutation.js';

/** Cache key of what the server is configured to do: its path, as for every read. */
export const INTEGRATIONS_KEY = queryKey('getIntegrations');

/** GET /api/admin/integrations: the configuration (no secrets) and the latest failed deliveries. */
export const integrationsQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: INTEGRATIONS_KEY,
    queryFn: ({ signal }) => api.call('getIntegrations', { signal }),
  });

/** The server's integrations; screens that offer an action only some configurations allow read it too. */
export function useIntegrations() {
  const api = useApi();
  return useAdminQuery(integrationsQuery(api));
}

/** Where a test email that was sent went: the SMTP server, or the outbox when there is none. */
export function testEmailDelivery(result: { transport: 'smtp' | 'outbox'; to: string }): string {
  return result.transport === 'smtp' ? `Sent to ${result.to}.` : `Written to the outbox for ${result.to}.`;
}

/** POST /api/admin/integrations/test-email: a test email to the signed-in admin, sent at once. */
export function useSendTestEmail() {
  return useAdminMutation({
    call: (_: void, { api }) => api.call('sendTestEmail'),
    success: (result) =>
      result.sent
        ? {
            title: 'Test email sent',
            description: testEmailDelivery(result),
            intent: Intent.SUCCESS,
          }
        : { title: 'Test email not sent', description: result.error ?? '', intent: Intent.DANGER },
    failure: 'Failed to send test email',
  });
}

/** POST /api/admin/integrations/test-webhook: a signed test event to the webhook target. */
export function useSendTestWebhook() {
  return useAdminMutation({
    call: (_: void, { api }) => api.call('sendTestWebhook'),
    success: (result) =>
      result.delivered
        ? {
            title: 'Test webhook delivered',
            description: `${result.targetHost} answered ${result.httpStatus}.`,
            intent: Intent.SUCCESS,
          }
        : { title: 'Test webhook not delivered', description: result.error ?? '', intent: Intent.DANGER },
    failure: 'Failed to send test webhook',
  });
}
