import {
  escapeHtml,
  type JobKind,
  type Integrations,
  type TestEmailResult,
  WEBHOOK_EVENT_TEST,
  type TestWebhookPayload,
  type TestWebhookResult,
} from '@msp/shared';
import type { Config } from '../../config.js';
import type { Executor } from '../../db/knex.js';
import type { ContentCache } from '../../db/content-cache.js';
import { readSettings } from '../settings/settings-service.js';
import { ConflictError } from '../../domain/errors.js';
import { recentFailures } from '../../jobs/job-store.js';
import { MailSendError, type Mailer } from '../../mail/mailer.js';
import { newWebhookMessageId } from '../../jobs/webhook-jobs.js';
import { postSignedWebhook, WEBHOOK_TIMEOUT_MS } from '../submissions/follow-ups/webhook.js';

/** How many failed deliveries the screen lists. */
export const FAILURES_SHOWN = 20;

/**
 * The host (and port) of a URL. Only the host: a URL's user info, path and query can carry a
 * password or a token, and nothing secret is ever shown.
 */
function hostOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).host || null;
  } catch {
    return null;
  }
}

/** What this server is configured to do, with the latest failed deliveries; no secret in it. */
export async function describeIntegrations(
  db: Executor,
  cache: ContentCache,
  config: Config,
): Promise<Integrations> {
  const failures = await recentFailures(db, FAILURES_SHOWN);
  const { values } = await readSettings(db, cache, config);
  return {
    email: {
      transport: config.mail.smtpUrl ? 'smtp' : 'outbox',
      smtpHost: hostOf(config.mail.smtpUrl),
      from: values.mailFrom,
    },
    webhook: {
      configured: config.webhook !== undefined,
      targetHost: hostOf(config.webhook?.url),
      secretSet: Boolean(config.webhook?.secret),
    },
    analysis: {
      analyst: config.openai ? 'model' : 'builtin',
      model: config.openai?.model ?? null,
      endpointHost: hostOf(config.openai?.baseUrl),
    },
    sso: { enabled: config.oidc !== undefined, issuer: config.oidc?.issuer ?? null },
    trustedProxies: config.trustedProxies,
    embed: { scriptUrl: `${config.publicUrl}/embed.js`, allowedOrigins: config.embedAllowedOrigins },
    failures: failures.map((failure) => ({
      jobId: failure.id,
      kind: failure.kind satisfies JobKind,
      status: failure.status,
      at: failure.at.toISOString(),
      error: failure.error,
      attempts: failure.attempts,
      maxAttempts: failure.maxAttempts,
      submissionId: failure.submissionId,
    })),
  };
}

/**
 * Sends a test email to `to` through the configured transport (SMTP, or the outbox), at once, so
 * the admin sees in the answer whether mail gets out. A refusal is an answer, not an error.
 */
export async function sendTestEmail(mailer: Mailer, config: Config, to: string): Promise<TestEmailResult> {
  const paragraphs = [
    `This is a test email from ${config.productName}.`,
    'Mail from this server reaches you: the results emails to visitors go out the same way.',
  ];
  try {
    // The mailer says which transport it used, or failed on: it is the one that chose.
    const { transport } = await mailer.send({
      to,
      subject: `Test email from ${config.productName}`,
      html: paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join(''),
      text: `${paragraphs.join('\n\n')}\n`,
    });
    return { sent: true, to, transport, error: null };
  } catch (error) {
    if (error instanceof MailSendError) {
      return { sent: false, to, transport: error.transport, error: error.message };
    }
    throw error;
  }
}

/**
 * Posts a test event to the webhook target, signed like every delivery (Standard Webhooks, a
 * fresh webhook-id), and reports what the receiver answered.
 */
export async function sendTestWebhook(config: Config): Promise<TestWebhookResult> {
  const webhook = config.webhook;
  if (!webhook) {
    throw new ConflictError('Webhooks are not configured: set WEBHOOK_URL and WEBHOOK_SECRET on the server.');
  }
  const messageId = newWebhookMessageId();
  const now = new Date().toISOString();
  const payload: TestWebhookPayload = {
    type: WEBHOOK_EVENT_TEST,
    timestamp: now,
    data: { message: `A test delivery from ${config.productName}` },
  };
  const body = JSON.stringify(payload);
  const started = Date.now();
  const result = await postSignedWebhook(webhook, messageId, body, AbortSignal.timeout(WEBHOOK_TIMEOUT_MS));
  return {
    delivered: result.ok,
    messageId,
    targetHost: hostOf(webhook.url) ?? '',
    httpStatus: result.httpStatus,
    durationMs: Date.now() - started,
    error: result.ok ? null : result.error,
  };
}
