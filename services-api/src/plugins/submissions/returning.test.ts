import type {
  SubmissionDetail,
  SubmissionList,
  SubmissionWebhookPayload,
  V1SubmissionDetail,
} from '@msp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApiKey } from '../../test/api-key-helpers.js';
import { createTestUser, signedInAs, type SignedIn } from '../../test/auth-helpers.js';
import { backdate, submitAs } from '../../test/submission-helpers.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-database.js';
import { eventually, startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver.js';

const SECRET = `whsec_${Buffer.from('returning visitors and their history').toString('base64')}`;

/**
 * The operator sees who comes back: a submission's previous one by the same person (email
 * address) with the change since, on the detail, in /api/v1 and in the webhook; and the list's
 * first-time and returning filter.
 */
describe.each(testDatabaseKinds)('returning visitors on $name', (kind) => {
  let app: TestApp;
  let admin: SignedIn;
  let receiver: WebhookReceiver;
  let key: Record<string, string>;
  const ids: { first: string; second: string; third: string; other: string; anonymous: string } = {
    first: '',
    second: '',
    third: '',
    other: '',
    anonymous: '',
  };

  const detail = async (id: string) =>
    (await app.request<SubmissionDetail>({ url: `/api/admin/submissions/${id}`, headers: admin.headers }))
      .body;
  const listed = async (query: string) => {
    const response = await app.request<SubmissionList & { message?: string }>({
      url: `/api/admin/submissions?pageSize=100&${query}`,
      headers: admin.headers,
    });
    return response;
  };

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    app = await startTestApp(kind, {
      env: { WEBHOOK_URL: receiver.url, WEBHOOK_SECRET: SECRET, PUBLIC_URL: 'https://assess.example.com' },
      jobs: { pollIntervalMs: 50 },
    });
    admin = await signedInAs(app, await createTestUser(app.db, { role: 'admin', status: 'approved' }));
    key = bearer((await createTestApiKey(app, 'read')).token);
    const email = 'rita.return@northwind-it.example';
    ids.first = await submitAs(app, { email_address: email }, 0);
    await backdate(app, ids.first, '2026-03-02T10:00:00Z');
    // The same person, typed in another case.
    ids.second = await submitAs(app, { email_address: 'Rita.Return@Northwind-IT.example' }, 2);
    await backdate(app, ids.second, '2026-06-02T10:00:00Z');
    ids.third = await submitAs(app, { email_address: email }, 3);
    ids.other = await submitAs(app, { email_address: 'someone.else@northwind-it.example' }, 3);
    // One from before the address was required: no one's, so never anyone's previous.
    ids.anonymous = await submitAs(app, { email_address: 'gone@northwind-it.example' }, 3);
    await app.db('submissions').where({ id: ids.anonymous }).update({ email: null });
  });
  afterAll(async () => {
    await app?.close();
    await receiver?.close();
  });

  it("says a submission is the person's 2nd, with the previous one's date, level and the changes", async () => {
    const [first, second, third] = await Promise.all([
      detail(ids.first),
      detail(ids.second),
      detail(ids.third),
    ]);
    expect(first.previous).toBeNull();
    expect(second.previous).toMatchObject({
      id: ids.first,
      submittedAt: '2026-03-02T10:00:00.000Z',
      overallLevel: first.submission.scores.overallLevel,
      assessmentNumber: 2,
    });
    expect(second.previous!.changes.overall.level).toBe(
      second.submission.scores.overallLevel - first.submission.scores.overallLevel,
    );
    expect(second.previous!.changes.overall.level).toBeGreaterThan(0);
    const pillar = second.submission.scores.pillarScores[0]!;
    const before = first.submission.scores.pillarScores.find((p) => p.pillarKey === pillar.pillarKey)!;
    expect(second.previous!.changes.pillars).toContainEqual({
      pillarKey: pillar.pillarKey,
      pillarName: pillar.pillarName,
      level: pillar.level - before.level,
      score: Math.round((pillar.percentage - before.percentage) * 10) / 10,
    });
    expect(third.previous).toMatchObject({ id: ids.second, assessmentNumber: 3 });
    expect((await detail(ids.other)).previous).toBeNull();
    expect((await detail(ids.anonymous)).previous).toBeNull();
  });

  it('carries the previous submission in /api/v1 and in the webhook', async () => {
    const v1 = await app.request<V1SubmissionDetail>({
      url: `/api/v1/submissions/${ids.second}`,
      headers: key,
    });
    expect(v1.status).toBe(200);
    expect(v1.body.previous).toMatchObject({ id: ids.first, assessmentNumber: 2 });
    const firstV1 = await app.request<V1SubmissionDetail>({
      url: `/api/v1/submissions/${ids.first}`,
      headers: key,
    });
    expect(firstV1.body.previous).toBeNull();

    const delivered = await eventually(
      () =>
        receiver.received
          .map((r) => JSON.parse(r.body) as SubmissionWebhookPayload)
          .find((body) => body.data.submissionId === ids.third),
      { what: "the third submission's webhook" },
    );
    expect(delivered.data.previous).toMatchObject({ id: ids.second, assessmentNumber: 3 });
  });

  it('filters the list to first-time or returning visitors, and refuses anything else', async () => {
    const returning = await listed('visits=returning');
    expect(returning.status).toBe(200);
    expect(returning.body.submissions.map((s) => s.id).sort()).toEqual([ids.second, ids.third].sort());
    expect(returning.body.pagination).toMatchObject({ total: 2, totalCapped: false });
    const first = (await listed('visits=first')).body.submissions.map((s) => s.id);
    expect(first).toEqual(expect.arrayContaining([ids.first, ids.other, ids.anonymous]));
    expect(first).not.toContain(ids.second);
    expect(first).not.toContain(ids.third);
    const refused = await listed('visits=sometimes');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('visits');
  });

  it('agrees with the detail after a deletion: the next one becomes the first', async () => {
    const email = 'dora.deleted@northwind-it.example';
    const older = await submitAs(app, { email_address: email }, 0);
    await backdate(app, older, '2026-02-02T10:00:00Z');
    const newer = await submitAs(app, { email_address: email }, 1);
    expect((await listed('visits=returning&search=dora.deleted')).body.submissions.map((s) => s.id)).toEqual([
      newer,
    ]);
    const deleted = await app.request({
      method: 'DELETE',
      url: `/api/admin/submissions/${older}`,
      headers: admin.headers,
    });
    expect(deleted.status).toBe(200);
    expect((await listed('visits=returning&search=dora.deleted')).body.submissions).toEqual([]);
    expect((await listed('visits=first&search=dora.deleted')).body.submissions.map((s) => s.id)).toEqual([
      newer,
    ]);
    expect((await detail(newer)).previous).toBeNull();
  });
});
