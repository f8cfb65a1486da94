import { z } from 'zod';
import { MaturityLevelNumber } from '../common.js';

/**
 * What an administrator is emailed about new submissions: nothing (the default), every one, the
 * ones matching their filter, or a daily digest at an hour of their own day.
 */
export const NOTIFICATION_MODES = ['none', 'every', 'matching', 'digest'] as const;
export type NotificationMode = (typeof NOTIFICATION_MODES)[number];

/** Longest value a filter compares with: the longest a demographic answer or a campaign can be. */
export const NOTIFICATION_FILTER_VALUE_MAX_LENGTH = 200;

const FilterValue = z
  .string({ error: 'must be text' })
  .trim()
  .max(NOTIFICATION_FILTER_VALUE_MAX_LENGTH, {
    error: `must be at most ${NOTIFICATION_FILTER_VALUE_MAX_LENGTH} characters`,
  });

/**
 * Which new submissions an administrator hears about in the `matching` mode: each part given must
 * hold (an overall level among those listed, the exact source and campaign, each demographic
 * field's exact answer, company size among them); a part left empty holds for every submission.
 */
export const NotificationFilter = z.strictObject({
  overallLevels: z
    .array(MaturityLevelNumber, { error: 'must be a list of levels from 0 to 3' })
    .max(4, { error: 'must list at most the four levels' })
    .default([]),
  source: FilterValue.default(''),
  campaign: FilterValue.default(''),
  /** Demographic field identifier → the answer it must have, exactly. */
  demographics: z
    .record(
      z.string().regex(/^[a-z][a-z0-9_]{0,49}$/, { error: 'must be a demographic field identifier' }),
      FilterValue.pipe(z.string().min(1, { error: 'must not be empty; leave the field out' })),
    )
    .refine((values) => Object.keys(values).length <= 20, { error: 'must name at most 20 fields' })
    .default({}),
});
export type NotificationFilter = z.output<typeof NotificationFilter>;

/** Whether a time zone name is one this runtime knows ("Europe/Berlin", "UTC"). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const TimeZone = z
  .string({ error: 'must be a time zone such as Europe/Berlin' })
  .max(64, { error: 'must be a time zone such as Europe/Berlin' })
  .refine(isTimeZone, { error: 'must be a time zone such as Europe/Berlin' });

const Hour = z
  .number({ error: 'must be an hour from 0 to 23' })
  .int({ error: 'must be an hour from 0 to 23' })
  .min(0, { error: 'must be an hour from 0 to 23' })
  .max(23, { error: 'must be an hour from 0 to 23' });

/** An administrator's own notification choices. */
export const NotificationPreferences = z.object({
  mode: z.enum(NOTIFICATION_MODES),
  filter: z.object({
    overallLevels: z.array(MaturityLevelNumber),
    source: z.string(),
    campaign: z.string(),
    demographics: z.record(z.string(), z.string()),
  }),
  /** The digest's hour in `timeZone`, 0-23. */
  digestHour: z.number().int(),
  /** Their own time zone: the digest's hour and the morning a next step falls due are counted in it. */
  timeZone: z.string(),
  /** Emailed when a lead is given to them. */
  assignedEmail: z.boolean(),
  /** Emailed on the morning (08:00 in their time zone) one of their leads' next steps falls due. */
  dueEmail: z.boolean(),
  /** Where the emails go: their account's address. */
  email: z.string(),
  /** Whether they ever saved their choices (else these are the defaults). */
  saved: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferences>;

export const SaveNotificationPreferencesRequest = z.strictObject({
  mode: z.enum(NOTIFICATION_MODES, { error: 'must be none, every, matching or digest' }),
  filter: NotificationFilter.default({ overallLevels: [], source: '', campaign: '', demographics: {} }),
  digestHour: Hour.default(8),
  timeZone: TimeZone.default('UTC'),
  assignedEmail: z.boolean({ error: 'must be true or false' }).default(true),
  dueEmail: z.boolean({ error: 'must be true or false' }).default(true),
});
export type SaveNotificationPreferencesRequest = z.input<typeof SaveNotificationPreferencesRequest>;

/** The one-click unsubscribe (RFC 8058): the token of the email's link. */
export const UnsubscribeNotificationsQuery = z.strictObject({
  token: z
    .string({ error: 'must be the token of an email’s link' })
    .max(200, { error: 'must be the token of an email’s link' }),
});
export const NotificationsUnsubscribed = z.object({ unsubscribed: z.literal(true) });

/** The chat services whose incoming-webhook messages the server writes. */
export const CHAT_WEBHOOK_KINDS = ['slack', 'teams'] as const;
export type ChatWebhookKind = (typeof CHAT_WEBHOOK_KINDS)[number];

/** The chat channel's webhook as the screen shows it: never its whole URL, which is its secret. */
export const ChatWebhook = z.object({
  configured: z.boolean(),
  kind: z.enum(CHAT_WEBHOOK_KINDS).nullable(),
  /** Its host and the last four characters of its URL: enough to tell which one it is. */
  hint: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type ChatWebhook = z.infer<typeof ChatWebhook>;

export const SaveChatWebhookRequest = z.strictObject({
  kind: z.enum(CHAT_WEBHOOK_KINDS, { error: 'must be slack or teams' }),
  url: z
    .string({ error: 'must be the https URL the chat service gave' })
    .trim()
    .max(2000, { error: 'must be at most 2000 characters' })
    .refine(
      (value) => {
        try {
          const url = new URL(value);
          return url.protocol === 'https:' || url.hostname === '127.0.0.1' || url.hostname === 'localhost';
        } catch {
          return false;
        }
      },
      { error: 'must be the https URL the chat service gave' },
    ),
});
export type SaveChatWebhookRequest = z.input<typeof SaveChatWebhookRequest>;

export const TestChatWebhookResult = z.object({
  delivered: z.boolean(),
  httpStatus: z.number().int().nullable(),
  error: z.string().nullable(),
});
export type TestChatWebhookResult = z.infer<typeof TestChatWebhookResult>;
