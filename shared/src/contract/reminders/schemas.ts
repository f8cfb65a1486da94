import { z } from 'zod';
import { LanguageTag } from '../common.js';

/**
 * The token in a reminder's links: the submission that asked for it and a signature the server
 * made, so only the person the reminder went to can change their preferences.
 */
export const ReminderTokenQuery = z.object({
  token: z
    .string({ error: 'is required' })
    .regex(/^[0-9a-f-]{36}\.[A-Za-z0-9_-]{20,64}$/, { error: 'is not a reminder link' }),
  lang: LanguageTag.optional(),
});
export type ReminderTokenQuery = z.infer<typeof ReminderTokenQuery>;

/** What the preferences page shows of the address a reminder went to. */
export const ReminderPreferences = z.object({
  email: z.string(),
  /** False once the address unsubscribed: no reminder is sent to it. */
  subscribed: z.boolean(),
  /** When the next reminder is due, or null when none is waiting. */
  nextReminderAt: z.string().nullable(),
});
export type ReminderPreferences = z.infer<typeof ReminderPreferences>;

export const ReminderPreferencesInput = z.strictObject({
  subscribed: z.boolean({ error: 'must be true or false' }),
});
export type ReminderPreferencesInput = z.infer<typeof ReminderPreferencesInput>;

/** The answer to a one-click unsubscribe: a mail system reads only its status. */
export const UnsubscribedResponse = z.object({ subscribed: z.literal(false) });

/** Who is waiting for a reminder, for the admin. */
export const ReminderSummary = z.object({
  /** Addresses with a reminder still to come that have not unsubscribed. */
  optedIn: z.number().int(),
  /** Reminders still to come for them (an address may have asked at several submissions). */
  scheduled: z.number().int(),
  /** When the next one is due, or null. */
  nextDueAt: z.string().nullable(),
  /** Addresses that unsubscribed. */
  unsubscribed: z.number().int(),
});
export type ReminderSummary = z.infer<typeof ReminderSummary>;
