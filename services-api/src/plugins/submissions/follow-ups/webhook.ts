import {
  roundTo1,
  WEBHOOK_EVENT_SUBMISSION_CREATED,
  type MaturityLevel,
  type SubmissionWebhookPayload,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
} from '@msp/shared';
import { Webhook } from 'standardwebhooks';
import type { Database, Executor } from '../../../db/knex.js';
import { jobsOfSubmission, type ClaimedJob } from '../../../jobs/job-store.js';
import { JobFailure, type JobHandler } from '../../../jobs/job-worker.js';
import { ANSWER_LIMITS, textAtMost } from '../../../http/outgoing.js';
import { WEBHOOK_RETRY_DELAYS_MS } from '../../../jobs/retry-schedules.js';
import { previousSubmissionOf } from '../previous-submission.js';
import { findSubmission } from '../submission-reads.js';
import { teamOriginOf } from '../team-origin.js';

/** A receiver that has not answered by then has failed the attempt. */
export const WEBHOOK_TIMEOUT_MS = 15_000;

/** A receiver's answer kept in the delivery log, enough to tell what it said. */
const RESPONSE_EXCERPT_LENGTH = 200;

/** The webhook body for a submission, built from what it froze when it was submitted. */
export async function submissionWebhookPayload(
  db: Executor,
  submissionId: string,
  publicUrl: string,
): Promise<SubmissionWebhookPayload | null> {
  const submission = await findSubmission(db, submissionId);
  if (!submission) return null;
  const submittedAt = new Date(submission.submittedAt).toISOString();
  const answers = [...submission.answers].sort(
    (a, b) => a.questionOrder - b.questionOrder || a.questionId - b.questionId,
  );
  return {
    type: WEBHOOK_EVENT_SUBMISSION_CREATED,
    timestamp: submittedAt,
    data: {
      submissionId: submission.id,
      submittedAt,
      resultsUrl: `${publicUrl}/results/${submission.id}`,
      demographicData: submission.demographicData,
      scores: {
        overallLevel: submission.overallLevel as MaturityLevel,
        cumulativeAverage: roundTo1(Number(submission.cumulativeAverage)),
        pillars: submission.pillarScores.map((s) => ({
          id: s.pillarId,
          key: s.pillarKey,
          name: s.pillarName,
          level: s.level as MaturityLevel,
          percentage: roundTo1(Number(s.percentage)),
        })),
      },
      answers: answers.map((a) => ({
        questionKey: a.questionKey,
        question: a.questionText,
        answer: a.answerText,
      })),
      attribution: submission.attribution,
      language: submission.language,
      consent: submission.consent,
      previous: await previousSubmissionOf(db, {
        ...submission,
        pillars: submission.pillarScores.map((s) => ({ ...s, percentage: Number(s.percentage) })),
      }),
      ...teamOriginOf(submission),
    },
  };
}

function describeFailure(error: unknown, signal: AbortSignal): string {
  if (signal.aborted) {
    const reason = signal.reason as Error | undefined;
    return reason?.name === 'TimeoutError'
      ? `no answer within ${WEBHOOK_TIMEOUT_MS / 1000} s`
      : (reason?.message ?? 'aborted');
  }
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  if (cause?.code) return `could not connect: ${cause.code}${cause.message ? ` (${cause.message})` : ''}`;
  return error instanceof Error ? error.message : String(error);
}

/** What one signed POST to the webhook target came to. */
export type WebhookAttemptResult =
  { ok: true; httpStatus: number } | { ok: false; httpStatus: number | null; error: string };

/**
 * POSTs `body` to the target, signed per Standard Webhooks with the target's secret under
 * `messageId`: the one way every delivery (a submission's, a re-send, the admin's test) is sent.
 * Any 2xx answer is success; a failure says why in words, with the start of the receiver's answer.
 */
export async function postSignedWebhook(
  webhook: { url: string; secret: string },
  messageId: string,
  body: string,
  signal: AbortSignal,
): Promise<WebhookAttemptResult> {
  // Each attempt is signed anew with its own time: receivers refuse old timestamps.
  const sentAt = new Date();
  let response: Response;
  try {
    response = await fetch(webhook.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'msp-maturity-webhooks/1',
        'webhook-id': messageId,
        'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
        'webhook-signature': new Webhook(webhook.secret).sign(messageId, sentAt, body),
      },
      body,
      redirect: 'manual',
      signal,
    });
  } catch (error) {
    return { ok: false, httpStatus: null, error: describeFailure(error, signal) };
  }
  if (response.status >= 200 && response.status <= 299) {
    // A success's answer says nothing the delivery needs: none of it is read.
    await response.body?.cancel().catch(() => {});
    return { ok: true, httpStatus: response.status };
  }
  // Only the start of a failure's answer is shown; the rest is never received.
  const excerpt = (await textAtMost(response, ANSWER_LIMITS.webhook).catch(() => ''))
    .slice(0, RESPONSE_EXCERPT_LENGTH)
    .trim();
  return {
    ok: false,
    httpStatus: response.status,
    error: `answered ${response.status}${response.statusText ? ` ${response.statusText}` : ''}${excerpt ? `: ${excerpt}` : ''}`,
  };
}

/** Delivers webhook jobs: POSTs the signed payload; any 2xx answer is success. */
export function webhookHandler(
  db: Database,
  webhook: { url: string; secret: string } | undefined,
  publicUrl: string,
): JobHandler {
  return {
    timeoutMs: WEBHOOK_TIMEOUT_MS,
    retryDelaysMs: WEBHOOK_RETRY_DELAYS_MS,
    async run(job: ClaimedJob, signal: AbortSignal) {
      if (!webhook) {
        throw new JobFailure('webhooks are not configured (WEBHOOK_URL and WEBHOOK_SECRET)', {
          permanent: true,
        });
      }
      const payload =
        job.payload.body ?? (await submissionWebhookPayload(db, job.submissionId ?? '', publicUrl));
      if (!payload) throw new JobFailure('the submission no longer exists', { permanent: true });
      const result = await postSignedWebhook(
        webhook,
        String(job.payload.messageId),
        JSON.stringify(payload),
        signal,
      );
      if (!result.ok) {
        throw new JobFailure(
          result.error,
          result.httpStatus === null ? {} : { httpStatus: result.httpStatus },
        );
      }
      return { httpStatus: result.httpStatus };
    },
  };
}

function deliveryStatus(status: string, attempts: number): WebhookDeliveryStatus {
  if (status === 'succeeded') return 'delivered';
  if (status === 'failed') return 'failed';
  return attempts > 0 ? 'retrying' : 'pending';
}

/** A submission's webhook deliveries for the admin's log, newest first. */
export function webhookDeliveriesOf(db: Executor, submissionId: string): Promise<WebhookDelivery[]> {
  return deliveriesOf(db, submissionId, 'webhook');
}

/**
 * A submission's deliveries of one kind (its webhooks, or its results emails), newest first, each
 * with its attempts: what was sent about it, and when.
 */
export async function deliveriesOf(
  db: Executor,
  submissionId: string,
  kind: 'webhook' | 'email',
): Promise<WebhookDelivery[]> {
  const jobs = await jobsOfSubmission(db, submissionId, kind);
  return jobs.map((job) => {
    const attempts = job.attempts.filter((a) => a.outcome !== 'released');
    return {
      id: String(job.payload.messageId ?? job.id),
      status: deliveryStatus(job.status, attempts.length),
      createdAt: job.createdAt.toISOString(),
      nextAttemptAt: job.status === 'queued' ? job.runAt.toISOString() : null,
      attempts: attempts.map((a, index) => ({
        attempt: index + 1,
        at: a.startedAt.toISOString(),
        durationMs: a.durationMs,
        httpStatus: a.httpStatus,
        error: a.error,
        succeeded: a.outcome === 'succeeded',
      })),
    };
  });
}
