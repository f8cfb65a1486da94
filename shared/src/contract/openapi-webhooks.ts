import type { z } from 'zod';
import {
  SubmissionWebhookPayload,
  TestWebhookPayload,
  WEBHOOK_EVENT_SUBMISSION_CREATED,
  WEBHOOK_EVENT_TEST,
  WEBHOOK_HEADERS,
} from './submissions/webhook-schemas.js';
import {
  SubmissionUpdatedWebhookPayload,
  WEBHOOK_EVENT_SUBMISSION_UPDATED,
} from './submissions/lead-schemas.js';

type JsonSchema = Record<string, unknown>;

/** How deliveries are retried, as the server that publishes the document does it. */
export interface WebhookDeliveryOptions {
  /** A receiver that has not answered by then has failed the attempt. */
  timeoutMs: number;
  /** The waits before each further attempt. */
  retryDelaysMs: readonly number[];
}

/** Each event the server posts to WEBHOOK_URL: its name, body schema, what it is for and whether it is retried. */
const EVENTS: [
  event: string,
  schema: z.ZodType,
  schemaId: string,
  summary: string,
  description: string,
  retried: boolean,
][] = [
  [
    WEBHOOK_EVENT_SUBMISSION_CREATED,
    SubmissionWebhookPayload,
    'SubmissionWebhookPayload',
    'A visitor submitted the assessment',
    'Sent for each new submission, with its scores, answers (in the default language), attribution, language and consent as they were when it was submitted. A re-send from the admin portal is a new delivery with a new webhook-id.',
    true,
  ],
  [
    WEBHOOK_EVENT_SUBMISSION_UPDATED,
    SubmissionUpdatedWebhookPayload,
    'SubmissionUpdatedWebhookPayload',
    "A lead's status, owner or next step changed, or a note was added",
    'Sent for each change made in the admin portal or through the API (a change to several submissions at once sends one event per submission), with what changed, who changed it and the lead as it stood after the change.',
    true,
  ],
  [
    WEBHOOK_EVENT_TEST,
    TestWebhookPayload,
    'TestWebhookPayload',
    'An administrator sent a test delivery',
    'Sent once, never retried, when an administrator presses Send test webhook on the Integrations screen, so a receiver can be checked before a submission arrives.',
    false,
  ],
];

/** The events the document describes, by name: every type a delivery's body can carry. */
export const WEBHOOK_EVENTS = EVENTS.map(([event]) => event);

const wait = (ms: number) =>
  ms >= 3_600_000 ? `${ms / 3_600_000} h` : ms >= 60_000 ? `${ms / 60_000} min` : `${ms / 1000} s`;

function answersText(delivery: WebhookDeliveryOptions | undefined): string {
  if (!delivery) {
    return 'Any other answer, no answer or no connection is retried later with the same webhook-id and body.';
  }
  const waits = delivery.retryDelaysMs.map(wait).join(', ');
  return `Any other answer, no answer within ${delivery.timeoutMs / 1000} s or no connection is retried ${waits} after each failure, with the same webhook-id and body; after attempt ${delivery.retryDelaysMs.length + 1} the delivery is marked failed.`;
}

/**
 * The document's `webhooks`: each event the server POSTs to WEBHOOK_URL, with the Standard
 * Webhooks headers it is signed with and its body's schema, the very zod schema the sender is
 * typed by. `ref` names a schema in the document's components and answers a reference to it.
 */
export function openApiWebhooks(
  ref: (schema: z.ZodType, id: string) => JsonSchema,
  delivery?: WebhookDeliveryOptions,
): Record<string, JsonSchema> {
  const parameters = Object.entries(WEBHOOK_HEADERS).map(([name, { description, pattern }]) => ({
    name,
    in: 'header',
    required: true,
    description,
    schema: { type: 'string', pattern },
  }));
  return Object.fromEntries(
    EVENTS.map(([event, schema, schemaId, summary, description, retried]) => [
      event,
      {
        post: {
          operationId: `webhook${schemaId.replace(/WebhookPayload$/, '')}`,
          tags: ['Webhooks'],
          summary,
          description: `${description}\n\nPOSTed to WEBHOOK_URL as JSON, signed per the Standard Webhooks specification with WEBHOOK_SECRET: verify the signature on the raw body before trusting it, and refuse an old webhook-timestamp.`,
          // The signature headers authenticate a delivery; no API key is sent.
          security: [],
          parameters,
          requestBody: { required: true, content: { 'application/json': { schema: ref(schema, schemaId) } } },
          responses: {
            '2XX': { description: 'Received: the delivery succeeded, and none of the answer is read' },
            default: {
              description: retried
                ? answersText(delivery)
                : 'Any other answer, or none, is shown to the administrator who sent the test; it is not retried.',
            },
          },
        },
      },
    ]),
  );
}
