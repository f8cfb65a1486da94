import { defineRoute } from '../route.js';
import { reminderEndpoints } from './endpoints.js';
import {
  ReminderPreferences,
  ReminderPreferencesInput,
  ReminderSummary,
  ReminderTokenQuery,
  UnsubscribedResponse,
} from './schemas.js';

/** The routes of reminders to reassess. */
export const reminderRoutes = {
  getReminderPreferences: defineRoute(reminderEndpoints.getReminderPreferences, {
    summary: "The reminder preferences of the address a reminder's link was sent to",
    query: ReminderTokenQuery,
    response: ReminderPreferences,
  }),
  updateReminderPreferences: defineRoute(reminderEndpoints.updateReminderPreferences, {
    summary: 'Unsubscribes that address from reminders, or subscribes it again',
    query: ReminderTokenQuery,
    body: ReminderPreferencesInput,
    response: ReminderPreferences,
  }),
  unsubscribeReminders: defineRoute(reminderEndpoints.unsubscribeReminders, {
    summary:
      "One-click unsubscribe (RFC 8058): the address of a reminder's List-Unsubscribe header, which mail systems POST `List-Unsubscribe=One-Click` to",
    query: ReminderTokenQuery,
    response: UnsubscribedResponse,
  }),
  getReminderSummary: defineRoute(reminderEndpoints.getReminderSummary, {
    summary: 'How many visitors are waiting for a reminder to reassess, and how many unsubscribed',
    response: ReminderSummary,
  }),
};
