import type { Endpoint } from '../access.js';

/**
 * Reminders to take the assessment again: the visitor's preferences page and the one-click
 * unsubscribe of RFC 8058 (both opened by the link in a reminder, no sign-in), and the admin's
 * count of who is waiting for one.
 */
export const reminderEndpoints = {
  getReminderPreferences: { method: 'GET', path: '/api/reminders', access: 'public' },
  updateReminderPreferences: { method: 'PUT', path: '/api/reminders', access: 'public' },
  unsubscribeReminders: { method: 'POST', path: '/api/reminders/unsubscribe', access: 'public' },
  getReminderSummary: { method: 'GET', path: '/api/admin/reminders', access: 'admin' },
} as const satisfies Record<string, Endpoint>;
