import { DeletedResponse } from '../common.js';
import { defineRoute } from '../route.js';
import { notificationEndpoints } from './endpoints.js';
import {
  ChatWebhook,
  NotificationPreferences,
  SaveChatWebhookRequest,
  SaveNotificationPreferencesRequest,
  TestChatWebhookResult,
  NotificationsUnsubscribed,
  UnsubscribeNotificationsQuery,
} from './schemas.js';

/** Routes of the team's notifications. */
export const notificationRoutes = {
  getNotificationPreferences: defineRoute(notificationEndpoints.getNotificationPreferences, {
    summary: "The signed-in administrator's own notification choices",
    response: NotificationPreferences,
  }),
  saveNotificationPreferences: defineRoute(notificationEndpoints.saveNotificationPreferences, {
    summary: "Saves the signed-in administrator's own notification choices",
    body: SaveNotificationPreferencesRequest,
    response: NotificationPreferences,
  }),
  unsubscribeNotifications: defineRoute(notificationEndpoints.unsubscribeNotifications, {
    summary: "One-click unsubscribe (RFC 8058) from an administrator's lead emails, by their link's token",
    query: UnsubscribeNotificationsQuery,
    response: NotificationsUnsubscribed,
  }),
  getChatWebhook: defineRoute(notificationEndpoints.getChatWebhook, {
    summary: "The chat channel's incoming webhook, without its URL",
    response: ChatWebhook,
  }),
  saveChatWebhook: defineRoute(notificationEndpoints.saveChatWebhook, {
    summary: "Sets the chat channel's incoming webhook (Slack or Microsoft Teams); its URL is kept encrypted",
    body: SaveChatWebhookRequest,
    response: ChatWebhook,
  }),
  deleteChatWebhook: defineRoute(notificationEndpoints.deleteChatWebhook, {
    summary: "Removes the chat channel's incoming webhook",
    response: DeletedResponse,
  }),
  testChatWebhook: defineRoute(notificationEndpoints.testChatWebhook, {
    summary: 'Posts a test message to the chat channel and says what it answered',
    response: TestChatWebhookResult,
  }),
};
