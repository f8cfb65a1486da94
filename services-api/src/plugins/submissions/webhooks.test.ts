import type { Server } from '@hapi/hapi';
import {
  SubmissionWebhookPayload,
  type ErrorBody,
  type ResendWebhookResponse,
  type SubmissionDetail,
  type TestWebhookResult,
} from '@msp/shared';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../db/knex.js';
import { ANSWER_LIMITS } from '../../http/outgoing.js';
import { createLogger } from '../../logger.js';
import { createServer } from '../../server.js';
import { createTestUser, signedInAs, type SignedIn } from '../../test/auth-helpers.js';
import { startEndlessAnswerServer } from '../../test/endless-answer.js';
import { person } from '../../test/fixtures.js';
import { submitAs } from '../../test/submission-helpers.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-database.js';
import { eventually, startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver.js';

const SECRET = `whsec_${Buffer.from('a test secret of thirty-two bytes!').toString('base64')}`;
/** Quick polling and short retry waits, so a retry is seen in a test's time. */
const FAST_JOBS = { pollIntervalMs: 100, retryDelaysMs: [300] };

describe.each(testDatabaseKinds)('webhooks on $name', (kind) => {
  let app: TestApp;
  let admin: SignedIn;
  let receiver: WebhookReceiver;
  const extraServers: Server[] = [];
  const extraDatabases: Database[] = [];

  const detail = async (id: string) =>
    (
      await app.request<SubmissionDetail & ErrorBody>({
        url: `/api/admin/submissions/${id}`,
        headers: admin.headers,
      })
    ).body;
  const deliveredFor = (id: string) =>
    receiver.received.filter((r) => JSON.parse(r.body).data.submissionId === id);
  /** Another server on the same database, as a restarted or second instance would be. */
  const anotherServer = async (db: Database = app.db, jobs: object = FAST_JOBS) => {
    const server = await createServer({ config: app.config, db, logger: createLogger('silent'), jobs });
    extraServers.push(server);
    return server;
  };

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    app = await startTestApp(kind, {
      env: { WEBHOOK_URL: receiver.url, WEBHOOK_SECRET: SECRET, PUBLIC_URL: 'https://assess.example.com' },
      jobs: FAST_JOBS,
    });
    admin = await signedInAs(app, await createTestUser(app.db, { role: 'admin', status: 'approved' }));
  });
  afterEach(async () => {
    await Promise.all(extraServers.splice(0).map((server) => server.stop()));
    await Promise.all(extraDatabases.splice(0).map((db) => db.destroy()));
  });
  afterAll(async () => {
    await app?.close();
    await receiver?.close();
  });

  it('posts each new submission, signed per Standard Webhooks, with its answers and scores', async () => {
    const id = await submitAs(app, { company: 'Northwind IT' }, 2);
    const [request] = await eventually(() => deliveredFor(id).length === 1 && deliveredFor(id), {
      what: 'the webhook',
    });

    const payload = new Webhook(SECRET).verify(request!.body, request!.headers as Record<string, string>);
    const parsed = SubmissionWebhookPayload.parse(payload);
    expect(request!.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(request!.headers['content-type']).toBe('application/json');
    expect(parsed.type).toBe('submission.created');
    expect(parsed.data).toMatchObject({
      submissionId: id,
      resultsUrl: `https://assess.example.com/results/${id}`,
      demographicData: { company: 'Northwind IT', email_address: 'dana@northwind-it.example' },
    });
    expect(parsed.data.scores.pillars.map((p) => p.name)).toEqual([
      'Expertise',
      'Processes',
      'Alignment',
      'Leadership',
      'Tooling',
      'KPIs',
    ]);
    const stored = await app.db('submissions').where({ id }).first();
    expect(parsed.data.scores.cumulativeAverage).toBe(Number(stored.cumulative_average));
    expect(parsed.data.answers).toHaveLength(stored.answers.length);
    expect(parsed.data.answers[0]).toEqual({
      questionKey: expect.any(String),
      question: expect.any(String),
      answer: expect.any(String),
    });

    // A tampered body does not verify.
    expect(() =>
      new Webhook(SECRET).verify(request!.body.replace('Northwind', 'Southwind'), request!.headers as never),
    ).toThrow();

    // The receiver has the request before the server has recorded its answer.
    const delivery = await eventually(
      async () => {
        const [d] = (await detail(id)).webhookDeliveries;
        return d?.status === 'delivered' && d;
      },
      { what: 'the delivery recorded as delivered' },
    );
    expect(delivery).toMatchObject({
      id: request!.headers['webhook-id'],
      status: 'delivered',
      nextAttemptAt: null,
    });
    expect(delivery!.attempts).toEqual([
      {
        attempt: 1,
        at: expect.any(String),
        durationMs: expect.any(Number),
        httpStatus: 204,
        error: null,
        succeeded: true,
      },
    ]);
  });

  it('retries a failed delivery with the same webhook-id and logs both attempts', async () => {
    receiver.answerNext(500);
    const id = await submitAs(app, {}, 1);
    const requests = await eventually(() => deliveredFor(id).length === 2 && deliveredFor(id), {
      what: 'the retry',
    });
    expect(requests[0]!.headers['webhook-id']).toBe(requests[1]!.headers['webhook-id']);
    // Each attempt is signed anew, and each verifies.
    for (const r of requests)
      expect(() => new Webhook(SECRET).verify(r.body, r.headers as never)).not.toThrow();

    const delivery = await eventually(async () => {
      const [d] = (await detail(id)).webhookDeliveries;
      return d?.status === 'delivered' && d;
    });
    expect(delivery.attempts).toMatchObject([
      {
        attempt: 1,
        httpStatus: 500,
        succeeded: false,
        error: 'answered 500 Internal Server Error: receiver says 500',
      },
      { attempt: 2, httpStatus: 204, succeeded: true, error: null },
    ]);
  });

  it.each([
    [200, 'delivered'],
    [500, 'retrying'],
  ] as const)(
    'reads only the start of a receiver’s endless %i answer, hangs up, and records the delivery %s',
    async (status, recorded) => {
      const endless = await startEndlessAnswerServer(status, 'the receiver says no; ', 'text/plain');
      const target = await startTestApp(kind, {
        env: { WEBHOOK_URL: `${endless.origin}/hooks`, WEBHOOK_SECRET: SECRET },
        jobs: { pollIntervalMs: 50 },
      });
      try {
        const targetAdmin = await signedInAs(
          target,
          await createTestUser(target.db, { role: 'admin', status: 'approved' }),
        );
        const id = await submitAs(target);
        const delivery = await eventually(
          async () => {
            const { body } = await target.request<SubmissionDetail>({
              url: `/api/admin/submissions/${id}`,
              headers: targetAdmin.headers,
            });
            const [d] = body.webhookDeliveries;
            return d?.status === recorded && d;
          },
          { what: `the delivery ${recorded}` },
        );
        expect(delivery.attempts[0]).toMatchObject(
          status === 200
            ? { httpStatus: 200, succeeded: true, error: null }
            : {
                httpStatus: 500,
                succeeded: false,
                error: expect.stringMatching(
                  /^answered 500 Internal Server Error: the receiver says no; x+$/,
                ),
              },
        );
        // At most the excerpt's few kilobytes were read; 16 KB a millisecond were on offer.
        const written = await endless.answers[0]!.disconnected;
        expect(written).toBeLessThan(ANSWER_LIMITS.webhook + 1024 * 1024);

        // The admin's test delivery reads the same way.
        const tested = await target.request<TestWebhookResult>({
          method: 'POST',
          url: '/api/admin/integrations/test-webhook',
          headers: targetAdmin.headers,
        });
        expect(tested.body).toMatchObject({ delivered: status === 200, httpStatus: status });
        expect(await endless.answers.at(-1)!.disconnected).toBeLessThan(ANSWER_LIMITS.webhook + 1024 * 1024);
      } finally {
        await target.close();
        await endless.close();
      }
    },
  );

  it('records a refused connection and keeps the delivery for its next attempt', async () => {
    const closed = await startWebhookReceiver();
    await closed.close();
    const refusing = await startTestApp(kind, {
      env: { WEBHOOK_URL: closed.url, WEBHOOK_SECRET: SECRET },
      jobs: { pollIntervalMs: 100 },
    });
    try {
      const refusingAdmin = await signedInAs(
        refusing,
        await createTestUser(refusing.db, { role: 'admin', status: 'approved' }),
      );
      const id = await submitAs(refusing);
      // Read after the second attempt: between the first and the second the delivery is briefly
      // running (no next attempt to show), and a slow poll could land there; after the second the
      // next attempt is five minutes away, so the state holds still while it is read.
      const delivery = await eventually(
        async () => {
          const { body } = await refusing.request<SubmissionDetail>({
            url: `/api/admin/submissions/${id}`,
            headers: refusingAdmin.headers,
          });
          const [d] = body.webhookDeliveries;
          return d?.attempts.length === 2 && d.nextAttemptAt !== null && d;
        },
        { timeoutMs: 30_000, what: 'the second attempt' },
      );
      expect(delivery.status).toBe('retrying');
      for (const attempt of delivery.attempts) {
        expect(attempt).toMatchObject({ httpStatus: null, succeeded: false });
        expect(attempt.error).toMatch(/could not connect: ECONNREFUSED/);
      }
      // The reference schedule: the second attempt 5 s after the first failed, the third 5 min
      // after the second.
      const [first, second] = delivery.attempts.map((a) => Date.parse(a.at));
      expect(second! - first!).toBeGreaterThanOrEqual(5_000);
      const wait = Date.parse(delivery.nextAttemptAt!) - second!;
      expect(wait).toBeGreaterThan(4.5 * 60_000);
      expect(wait).toBeLessThan(5.5 * 60_000);
    } finally {
      await refusing.close();
    }
  });

  it('re-sends a submission as a new delivery at once, and says so when webhooks are off', async () => {
    const id = await submitAs(app, {}, 3);
    await eventually(() => deliveredFor(id).length === 1);
    const response = await app.request<ResendWebhookResponse>({
      method: 'POST',
      url: `/api/admin/submissions/${id}/resend-webhook`,
      headers: admin.headers,
    });
    expect(response.status).toBe(200);
    expect(response.body.queued).toBe(true);
    const requests = await eventually(() => deliveredFor(id).length === 2 && deliveredFor(id));
    expect(requests[1]!.headers['webhook-id']).toBe(response.body.deliveryId);
    expect(requests[1]!.headers['webhook-id']).not.toBe(requests[0]!.headers['webhook-id']);
    const deliveries = await eventually(async () => {
      const d = (await detail(id)).webhookDeliveries;
      return d.every((x) => x.status === 'delivered') && d;
    });
    expect(deliveries.map((d) => d.id)).toEqual([
      response.body.deliveryId,
      requests[0]!.headers['webhook-id'],
    ]);

    const unknown = await app.request<ErrorBody>({
      method: 'POST',
      url: '/api/admin/submissions/00000000-0000-4000-8000-000000000000/resend-webhook',
      headers: admin.headers,
    });
    expect(unknown.status).toBe(404);
    const anonymous = await app.request({
      method: 'POST',
      url: `/api/admin/submissions/${id}/resend-webhook`,
    });
    expect(anonymous.status).toBe(401);

    const off = await startTestApp(kind);
    try {
      const offAdmin = await signedInAs(
        off,
        await createTestUser(off.db, { role: 'admin', status: 'approved' }),
      );
      const offId = await submitAs(off);
      const refused = await off.request<ErrorBody>({
        method: 'POST',
        url: `/api/admin/submissions/${offId}/resend-webhook`,
        headers: offAdmin.headers,
      });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toMatch(/Webhooks are not configured/);
      expect(await off.db('jobs').where({ kind: 'webhook' })).toHaveLength(0);
    } finally {
      await off.close();
    }
  });

  it('delivers a retry that was waiting when the server restarted, once', async () => {
    receiver.answerNext(503);
    const slowRetry = { pollIntervalMs: 100, retryDelaysMs: [1500] };
    await restartApp(slowRetry);
    const id = await submitAs(app, {}, 2);
    await eventually(() => deliveredFor(id).length === 1, { what: 'the first attempt' });
    await eventually(async () => (await detail(id)).webhookDeliveries[0]?.status === 'retrying');

    // A restart: this server stops, a new one starts on the same database.
    await restartApp(slowRetry);
    const requests = await eventually(() => deliveredFor(id).length === 2 && deliveredFor(id), {
      what: 'the retry after the restart',
    });
    expect(requests[1]!.headers['webhook-id']).toBe(requests[0]!.headers['webhook-id']);
    await eventually(async () => (await detail(id)).webhookDeliveries[0]?.status === 'delivered');
    // Nothing more arrives.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(deliveredFor(id)).toHaveLength(2);
    await restartApp();
  });

  it('gives back a delivery in flight at shutdown, and the next server delivers it', async () => {
    receiver.answerNext('hang');
    await restartApp({ pollIntervalMs: 100, shutdownGraceMs: 300 });
    const id = await submitAs(app, {}, 2);
    await eventually(() => deliveredFor(id).length === 1, { what: 'the hanging attempt' });
    await app.server.stop();
    const job = await app.db('jobs').where({ submission_id: id, kind: 'webhook' }).first();
    expect(job).toMatchObject({ status: 'queued', attempts: 0, locked_by: null });
    const released = await app.db('job_attempts').where({ job_id: job.id });
    expect(released).toMatchObject([{ outcome: 'released' }]);

    await restartApp();
    const requests = await eventually(() => deliveredFor(id).length === 2 && deliveredFor(id));
    expect(requests[1]!.headers['webhook-id']).toBe(requests[0]!.headers['webhook-id']);
    const [delivery] = await eventually(async () => {
      const d = (await detail(id)).webhookDeliveries;
      return d[0]?.status === 'delivered' && d;
    });
    // The released attempt is not shown as one of the delivery's attempts.
    expect(delivery!.attempts).toMatchObject([{ attempt: 1, succeeded: true }]);
  });

  it('runs each job once with two instances on one database', { timeout: 300_000 }, async () => {
    const second = createDatabase({ databaseUrl: app.database.url });
    extraDatabases.push(second);
    const other = await anotherServer(second, { pollIntervalMs: 50 });
    const body = await submissionBody(app);
    const ids = await Promise.all(
      Array.from({ length: 24 }, async (_, index) => {
        const server = index % 2 === 0 ? app.server : other;
        const response = await server.inject({
          method: 'POST',
          url: '/api/assessment/submit',
          payload: body,
        });
        return (JSON.parse(response.payload) as { submissionId: string }).submissionId;
      }),
    );
    await eventually(
      async () => {
        const open = await app.db('jobs').whereIn('submission_id', ids).whereNotIn('status', ['succeeded']);
        return open.length === 0;
      },
      // On a loaded machine the results emails take every worker's slots while each waits up to
      // ANALYSIS_WAIT_MS for an analysis job that cannot start until one ends: slow, never wrong.
      { what: 'every job to finish', timeoutMs: 200_000 },
    );

    for (const id of ids) expect(deliveredFor(id)).toHaveLength(1);
    const attempts = await app
      .db('job_attempts as a')
      .join('jobs as j', 'j.id', 'a.job_id')
      .whereIn('j.submission_id', ids)
      .select('a.job_id', 'a.worker');
    const perJob = new Map<string, number>();
    for (const a of attempts) perJob.set(String(a.job_id), (perJob.get(String(a.job_id)) ?? 0) + 1);
    expect(perJob.size).toBe(ids.length * 3); // an analysis, an email and a webhook for each
    expect([...perJob.values()].every((count) => count === 1)).toBe(true);
  });

  /** Stops the test app's server and starts a new one on the same database, as a restart would. */
  async function restartApp(jobs: object = FAST_JOBS): Promise<void> {
    await app.server.stop();
    app.server = await createServer({ config: app.config, db: app.db, logger: createLogger('silent'), jobs });
  }
});

/** A valid submission body, as the public form would send. */
async function submissionBody(app: TestApp): Promise<object> {
  const questions = (
    await app.request<{ id: number; answers: { id: number }[] }[]>({ url: '/api/assessment-questions' })
  ).body;
  return {
    demographicData: { ...person, email_address: 'robin@hale-it.example' },
    answers: questions.map((q) => ({ questionId: q.id, answerId: q.answers[0]!.id })),
  };
}
