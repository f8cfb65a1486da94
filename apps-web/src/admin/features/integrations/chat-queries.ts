import { Intent } from '@blueprintjs/core';
import type { SaveChatWebhookRequest, TestChatWebhookResult } from '@msp/shared/browser';
import { queryOptions } from '@tanstack/react-query';
import { queryKey } from '../../../lib/query-keys.js';
import { useApi } from '../../../platform/platform-context.js';
import { useAdminQuery } from '../../api/admin-query.js';
import { useAdminMutation } from '../../api/use-admin-mutation.js';

const CHAT_KEY = queryKey('getChatWebhook');

/** GET /api/admin/integrations/chat-webhook: whether a channel is set, never its URL. */
export function useChatWebhook() {
  const api = useApi();
  return useAdminQuery(
    queryOptions({ queryKey: CHAT_KEY, queryFn: ({ signal }) => api.call('getChatWebhook', { signal }) }),
  );
}

export function useSaveChatWebhook({ onSaved }: { onSaved?: () => void } = {}) {
  return useAdminMutation({
    call: (body: SaveChatWebhookRequest, { api }) => api.call('saveChatWebhook', { body }),
    invalidates: [CHAT_KEY],
    success: 'Chat webhook saved',
    failure: 'Failed to save the chat webhook',
    onSuccess: () => onSaved?.(),
  });
}

export function useDeleteChatWebhook() {
  return useAdminMutation({
    call: (_: void, { api }) => api.call('deleteChatWebhook', {}),
    invalidates: [CHAT_KEY],
    success: 'Chat webhook removed',
    failure: 'Failed to remove the chat webhook',
  });
}

/** POST …/chat-webhook/test: a refusal is an answer, shown as a warning. */
export function useTestChatWebhook() {
  return useAdminMutation({
    call: (_: void, { api }) => api.call('testChatWebhook', {}),
    success: (result: TestChatWebhookResult) =>
      result.delivered
        ? {
            title: 'Test message posted',
            description: `The chat service answered ${result.httpStatus}.`,
            intent: Intent.SUCCESS,
          }
        : { title: 'Test message not posted', description: result.error ?? '', intent: Intent.DANGER },
    failure: 'Failed to send the test message',
  });
}
