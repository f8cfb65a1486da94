import type { Endpoint } from '../access.js';

/**
 * Telling the team about leads (issue 41): each administrator's own choice of emails (every new
 * submission, those matching a filter, a daily digest, or none), the one-click unsubscribe their
 * emails carry, and a chat channel's incoming webhook (Slack or Microsoft Teams) for everyone.
 */
export const notificationEndpoints = {
  getNotificationPreferences: {
    method: 'GET',
    path: '/api/admin/profile/notifications',
    access: 'read-leads',
  },
  saveNotificationPreferences: {
    method: 'PUT',
    path: '/api/admin/profile/notifications',
    access: 'read-leads',
  },
  unsubscribeNotifications: { method: 'POST', path: '/api/notifications/unsubscribe', access: 'public' },
  getChatWebhook: { method: 'GET', path: '/api/admin/integrations/chat-webhook', access: 'admin' },
  saveChatWebhook: { method: 'PUT', path: '/api/admin/integrations/chat-webhook', access: 'admin' },
  deleteChatWebhook: { method: 'DELETE', path: '/api/admin/integrations/chat-webhook', access: 'admin' },
  testChatWebhook: { method: 'POST', path: '/api/admin/integrations/chat-webhook/test', access: 'admin' },
} as const satisfies Record<string, Endpoint>;
