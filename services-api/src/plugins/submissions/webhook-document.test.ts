import {
  WEBHOOK_EVENT_SUBMISSION_CREATED,
  WEBHOOK_EVENT_TEST,
  WEBHOOK_EVENTS,
  WEBHOOK_EVENT_SUBMISSION_UPDATED,
  WEBHOOK_HEADERS,
  type OpenApiDocument,
  type TestWebhookResult,
} from '@msp/shared';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, signedInAs, type SignedIn } from '../../test/auth-helpers.js';
import { OpenApiResponseChecker } from '../../test/openapi-responses.js';
import { submitAs } from '../../test/submission-helpers.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-database.js';
import { eventually, startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver.js';

const SECRET = `whsec_${Buffer.from('a secret for the documented hooks').toString('base64')}`;

type WebhookOperation = {
  security: unknown[];
  parameters: { name: string; in: string; required: boolean }[];
  requestBody: { content: { 'application/json': { schema: { $ref?: string } } } };
  responses: Record<string, { description: string }>;
};

/**
 * An integrator writes their receiver from the published OpenAPI document: each delivery a real
 * receiver gets, its headers and its body, must be what the document's `webhooks` describe.
 */
describe('the webhooks of the OpenAPI document', () => {
  let app: TestApp;
  let admin: SignedIn;
  let receiver: WebhookReceiver;
  let document: OpenApiDocument & { webhooks: Record<string, { post: WebhookOperation }> };
  let checker: OpenApiResponseChecker;

  const deliveryOf = (predicate: (body: { type: string; data: { submissionId?: string } }) => boolean) =>
    eventually(() => receiver.received.find((r) => predicate(JSON.parse(r.body))), { what: 'the delivery' });

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    app = await startTestApp(testDatabaseKinds[0]!, {
      env: { WEBHOOK_URL: receiver.url, WEBHOOK_SECRET: SECRET, PUBLIC_URL: 'https://assess.example.com' },
      jobs: { pollIntervalMs: 100 },
    });
    admin = await signedInAs(app, await createTestUser(app.db, { role: 'admin', status: 'approved' }));
    // The document as an integrator fetches it: published, without a key.
    const published = await app.server.inject({ url: '/api/v1/openapi.json' });
    expect(published.statusCode).toBe(200);
    document = JSON.parse(published.payload);
    checker = new OpenApiResponseChecker(document);
  });
  afterAll(async () => {
    await app?.close();
    await receiver?.close();
  });

  it('names each event the server sends, signed with the Standard Webhooks headers, and no API key', () => {
    expect(Object.keys(document.webhooks)).toEqual([
      WEBHOOK_EVENT_SUBMISSION_CREATED,
      WEBHOOK_EVENT_SUBMISSION_UPDATED,
      WEBHOOK_EVENT_TEST,
    ]);
    expect(WEBHOOK_EVENTS).toEqual(Object.keys(document.webhooks));
    for (const { post } of Object.values(document.webhooks)) {
      expect(post.security).toEqual([]);
      expect(post.parameters.map((p) => [p.name, p.in, p.required])).toEqual(
        Object.keys(WEBHOOK_HEADERS).map((name) => [name, 'header', true]),
      );
    }
    const created = document.webhooks[WEBHOOK_EVENT_SUBMISSION_CREATED]!.post;
    // The body's schema is the shared one the sender is typed by, named for generated receivers.
    expect(created.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/SubmissionWebhookPayload',
    });
    // The retry schedule is this server's.
    expect(created.responses.default!.description).toContain('within 15 s');
    expect(created.responses.default!.description).toContain('after attempt 8');
  });

  it("checks a submission's delivery, as the receiver got it, against the document", async () => {
    const id = await submitAs(app, { company: 'Northwind IT' }, 2);
    const request = await deliveryOf((body) => body.data.submissionId === id);
    expect(() => new Webhook(SECRET).verify(request.body, request.headers as never)).not.toThrow();
    expect(checker.checkWebhook(request.headers, request.body)).toEqual([]);

    // The check is a real one: a body or a header the document does not allow is caught.
    const body = JSON.parse(request.body);
    delete body.data.scores.pillars[0].key;
    expect(checker.checkWebhook(request.headers, JSON.stringify(body))).toEqual([
      expect.stringMatching(/^body: .*must have required property 'key'/),
    ]);
    const { 'webhook-signature': _signature, ...unsigned } = request.headers;
    expect(checker.checkWebhook({ ...unsigned, 'webhook-id': 'not-an-id' }, request.body)).toEqual([
      expect.stringMatching(/^header webhook-id: /),
      'header webhook-signature is missing',
    ]);
    expect(
      checker.checkWebhook(request.headers, JSON.stringify({ ...body, type: 'submission.deleted' })),
    ).toEqual(["event submission.deleted is not in the document's webhooks"]);
  });

  it("checks the admin's test delivery against the document", async () => {
    const sent = await app.request<TestWebhookResult>({
      method: 'POST',
      url: '/api/admin/integrations/test-webhook',
      headers: admin.headers,
    });
    expect(sent.status).toBe(200);
    expect(sent.body.delivered).toBe(true);
    const request = await deliveryOf((body) => body.type === WEBHOOK_EVENT_TEST);
    expect(request.headers['webhook-id']).toBe(sent.body.messageId);
    expect(checker.checkWebhook(request.headers, request.body)).toEqual([]);
  });
});
