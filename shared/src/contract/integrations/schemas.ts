import { z } from 'zod';

/**
 * The kinds of background work: the follow-up work of a submission, the email of a user's invite
 * or reset link, a Forgot password request (which looks the address up off the request path), and
 * the daily deletion of submissions past SUBMISSION_RETENTION_DAYS (and of old drafts), a visitor's
 * sign-in link, a reminder to reassess, the link to a saved draft ("Continue later"), and the
 * upserts of leads as HubSpot contacts, and the team's lead notifications (who hears of a new
 * submission, each email, the chat post, and the hourly clock of digests and due steps). The one list: the server's job queue runs these, and the
 * admin sees their failures by kind.
 */
export const JOB_KINDS = [
  'analysis',
  'email',
  'webhook',
  'invite_email',
  'password_reset',
  'retention',
  'visitor_sign_in',
  'reassess_reminder',
  'draft_link',
  'team_invite',
  'hubspot_sync',
  'lead_notification',
  'lead_email',
  'chat_notification',
  'lead_clock',
] as const;
export type JobKind = (typeof JOB_KINDS)[number];

/** A job whose last attempt failed: retried later, or given up. */
export const DeliveryFailure = z.object({
  jobId: z.number().int(),
  kind: z.enum(JOB_KINDS),
  /** retrying: another attempt is scheduled; failed: none is. */
  status: z.enum(['retrying', 'failed']),
  /** When the last failed attempt ended. */
  at: z.string(),
  error: z.string(),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  submissionId: z.string().nullable(),
});
export type DeliveryFailure = z.infer<typeof DeliveryFailure>;

/**
 * What this server is configured to do. Hosts and names only: no password, key, secret or
 * credential-bearing URL is ever part of it.
 */
export const Integrations = z.object({
  email: z.object({
    /** smtp: sent through SMTP_URL's server; outbox: written as .eml files under DATA_DIR/outbox. */
    transport: z.enum(['smtp', 'outbox']),
    smtpHost: z.string().nullable(),
    from: z.string(),
  }),
  webhook: z.object({
    configured: z.boolean(),
    /** The host (and port) of WEBHOOK_URL, not its path or query, which may carry a token. */
    targetHost: z.string().nullable(),
    secretSet: z.boolean(),
  }),
  analysis: z.object({
    analyst: z.enum(['model', 'builtin']),
    model: z.string().nullable(),
    /** The host of OPENAI_BASE_URL, when a compatible server is used instead of OpenAI's. */
    endpointHost: z.string().nullable(),
  }),
  sso: z.object({ enabled: z.boolean(), issuer: z.string().nullable() }),
  /** Addresses or ranges whose X-Forwarded-For is believed; empty: none. */
  trustedProxies: z.array(z.string()),
  /** The embeddable assessment: the script partner sites include, and the sites that may frame it. */
  embed: z.object({
    /** PUBLIC_URL's /embed.js: the address the snippet loads, and so the frame's origin. */
    scriptUrl: z.string(),
    /** EMBED_ALLOWED_ORIGINS; empty: no site may frame it. */
    allowedOrigins: z.array(z.string()),
  }),
  /** The most recent failed deliveries, newest first. */
  failures: z.array(DeliveryFailure),
});
export type Integrations = z.infer<typeof Integrations>;

export const TestEmailResult = z.object({
  sent: z.boolean(),
  /** The signed-in admin's address. */
  to: z.string(),
  transport: z.enum(['smtp', 'outbox']),
  /** What went wrong, in the mail server's words (never with its password). */
  error: z.string().nullable(),
});
export type TestEmailResult = z.infer<typeof TestEmailResult>;

export const TestWebhookResult = z.object({
  delivered: z.boolean(),
  /** The webhook-id header it was signed with. */
  messageId: z.string(),
  targetHost: z.string(),
  httpStatus: z.number().int().nullable(),
  durationMs: z.number().int(),
  error: z.string().nullable(),
});
export type TestWebhookResult = z.infer<typeof TestWebhookResult>;
