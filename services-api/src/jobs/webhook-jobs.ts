import { randomUUID } from 'node:crypto';
import type { SubmissionUpdatedWebhookPayload } from '@msp/shared';
import type { NewJob } from './job-store.js';
import { WEBHOOK_RETRY_DELAYS_MS } from './retry-schedules.js';

/**
 * The webhook's deliveries as jobs, for every part that has something to send: a submission, a
 * change to its lead, the test. The sender (`submissions/follow-ups/webhook.ts`) is one of their
 * users, not the place the others reach up into to queue one.
 */

/** A new delivery of a submission; its webhook-id stays the same across its retries. */
export function webhookJob(submissionId: string): NewJob {
  return {
    kind: 'webhook',
    submissionId,
    payload: { messageId: newWebhookMessageId() },
    maxAttempts: WEBHOOK_RETRY_DELAYS_MS.length + 1,
  };
}

/**
 * A new delivery of an event about a submission whose body is settled when it happens (a change to
 * its lead): the body travels in the job, so every retry sends it as it was.
 */
export function webhookEventJob(submissionId: string, body: SubmissionUpdatedWebhookPayload): NewJob {
  return {
    kind: 'webhook',
    submissionId,
    payload: { messageId: newWebhookMessageId(), body },
    maxAttempts: WEBHOOK_RETRY_DELAYS_MS.length + 1,
  };
}

/** A new webhook-id: the same for every attempt of one delivery. */
export function newWebhookMessageId(): string {
  return `msg_${randomUUID().replace(/-/g, '')}`;
}
