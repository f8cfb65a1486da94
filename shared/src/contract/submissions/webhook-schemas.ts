import { z } from 'zod';
import { MaturityLevelNumber } from '../common.js';
import { PreviousSubmission, TeamOrigin } from './previous-schemas.js';
import { Attribution, SubmissionConsent } from './schemas.js';

/** The event every new submission sends to WEBHOOK_URL. */
export const WEBHOOK_EVENT_SUBMISSION_CREATED = 'submission.created';

/** The event of the admin's test delivery, so a receiver can tell it from a real submission. */
export const WEBHOOK_EVENT_TEST = 'integration.test';

/**
 * The Standard Webhooks headers every delivery carries, with the shape of each value: what a
 * receiver verifies a delivery by, and what the OpenAPI document promises it.
 */
export const WEBHOOK_HEADERS = {
  'webhook-id': {
    description:
      'The delivery: the same for every attempt of one delivery, so a receiver acts on each id once',
    pattern: '^msg_[0-9a-f]{32}$',
  },
  'webhook-timestamp': {
    description: 'When this attempt was signed, in seconds since 1970 (UTC); each attempt is signed anew',
    pattern: '^[0-9]+$',
  },
  'webhook-signature': {
    description:
      'v1, then base64(HMAC-SHA256(secret, `${webhook-id}.${webhook-timestamp}.${body}`)), the secret being the base64 after whsec_ in WEBHOOK_SECRET',
    pattern: '^v1,[A-Za-z0-9+/]+={0,2}( v1,[A-Za-z0-9+/]+={0,2})*$',
  },
} as const;

/**
 * The body of a webhook, signed per the Standard Webhooks specification (the webhook-id,
 * webhook-timestamp and webhook-signature headers). A retry sends the same body with the same id.
 */
export const SubmissionWebhookPayload = z.object({
  type: z.literal(WEBHOOK_EVENT_SUBMISSION_CREATED),
  /** When the event happened (the submission time), ISO 8601. */
  timestamp: z.string(),
  data: z.object({
    submissionId: z.uuid(),
    submittedAt: z.string(),
    /** The visitor's results page. */
    resultsUrl: z.string(),
    /** The visitor's answers about themselves, keyed by demographic field identifier. */
    demographicData: z.record(z.string(), z.string()),
    scores: z.object({
      /** The rounded mean of the pillar levels, 0-3: the level the visitor saw. */
      overallLevel: MaturityLevelNumber,
      /** The average score: the mean of the pillar percentages, one decimal. */
      cumulativeAverage: z.number(),
      pillars: z.array(
        z.object({
          /** The pillar's id when the submission was scored. */
          id: z.number().int(),
          /** The pillar's lasting key (as in /api/v1/pillars): the one to join on. */
          key: z.string(),
          name: z.string(),
          level: MaturityLevelNumber,
          /** 0-100, one decimal. */
          percentage: z.number(),
        }),
      ),
    }),
    /** As they were asked and answered, in question order. */
    answers: z.array(
      z.object({
        /** The question's lasting key (as in /api/v1/questions). */
        questionKey: z.string(),
        question: z.string(),
        answer: z.string(),
      }),
    ),
    /** Where the visit came from: its campaign parameters, referring host and landing path. */
    attribution: Attribution,
    /** The language the assessment was taken in (a BCP 47 tag); the texts above are the default language's. */
    language: z.string(),
    /** The consent statement the submitter ticked, or null when none was asked for. */
    consent: SubmissionConsent.nullable(),
    /** The submitter's assessment before this one and the change since it; null for a first one. */
    previous: PreviousSubmission.nullable(),
    ...TeamOrigin,
  }),
});
export type SubmissionWebhookPayload = z.infer<typeof SubmissionWebhookPayload>;

/** The body of the admin's test delivery (Integrations, Send test webhook), signed like any other. */
export const TestWebhookPayload = z.object({
  type: z.literal(WEBHOOK_EVENT_TEST),
  /** When the test was sent, ISO 8601. */
  timestamp: z.string(),
  data: z.object({ message: z.string() }),
});
export type TestWebhookPayload = z.infer<typeof TestWebhookPayload>;
