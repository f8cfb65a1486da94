import {
  SubmissionWebhookPayload,
  type AdminQuestion,
  type ContentDocument,
  type PersonalDataExport,
  type Pillar,
  type ResultsResponse,
  type SubmissionDetail,
  type SubmissionList,
  type V1SubmissionDetail,
} from '@msp/shared';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApiKey } from '../../test/api-key-helpers.js';
import { createTestUser, signedInAs, type SignedIn } from '../../test/auth-helpers.js';
import { submitAs } from '../../test/submission-helpers.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-database.js';
import { eventually, startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver.js';

const SECRET = `whsec_${Buffer.from('a secret of thirty-two bytes, ids!').toString('base64')}`;

/**
 * An integrator joins what /api/v1 and the webhook send on pillar and question ids. A content
 * import that meets the same keys keeps those ids, and every pillar and question an integrator
 * is sent carries its key beside its id, so a submission scored before an import still joins.
 */
describe.each(testDatabaseKinds)('a content import that meets the same keys, on $name', (kind) => {
  let app: TestApp;
  let receiver: WebhookReceiver;
  let admin: SignedIn;
  let key: Record<string, string>;
  let before: { submission: string; pillars: Pillar[]; questions: AdminQuestion[] };

  const v1 = async <T>(url: string) => {
    const response = await app.request<T>({ url, headers: key });
    expect(response.status, url).toBe(200);
    return response.body;
  };
  const adminGet = async <T>(url: string) => {
    const response = await app.request<T>({ url, headers: admin.headers });
    expect(response.status, url).toBe(200);
    return response.body;
  };
  /** The webhook delivered for a submission, verified as a receiver would. */
  const webhookOf = async (submissionId: string) => {
    const [request] = await eventually(
      () => {
        const found = receiver.received.filter((r) => JSON.parse(r.body).data.submissionId === submissionId);
        return found.length > 0 && found;
      },
      { what: `the webhook of ${submissionId}` },
    );
    return SubmissionWebhookPayload.parse(
      new Webhook(SECRET).verify(request!.body, request!.headers as Record<string, string>),
    );
  };
  /** Every pillar a submission names is a pillar of /api/v1/pillars: the same id with the same key. */
  const expectJoins = (scores: { pillarId: number; pillarKey: string }[], pillars: Pillar[]) => {
    expect(scores).toHaveLength(6);
    for (const score of scores) {
      expect(pillars.find((pillar) => pillar.id === score.pillarId)?.key, score.pillarKey).toBe(
        score.pillarKey,
      );
    }
  };

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    app = await startTestApp(kind, {
      env: { WEBHOOK_URL: receiver.url, WEBHOOK_SECRET: SECRET, PUBLIC_URL: 'https://assess.example.com' },
      jobs: { pollIntervalMs: 100 },
    });
    admin = await signedInAs(app, await createTestUser(app.db, { role: 'admin', status: 'approved' }));
    key = bearer((await createTestApiKey(app, 'read')).token);
    const submission = await submitAs(app, {}, (question) => question % 4);
    before = {
      submission,
      pillars: await v1<Pillar[]>('/api/v1/pillars'),
      questions: await v1<AdminQuestion[]>('/api/v1/questions'),
    };

    // The questionnaire exported, edited (a pillar renamed, a question reworded, a pillar added)
    // and imported again, as an operator moving content between instances does.
    const doc = await adminGet<ContentDocument>('/api/admin/content/export');
    doc.pillars[0]!.name = 'Technical Expertise';
    doc.pillars.push({ ref: 'security', name: 'Security', description: 'New', order: 7, isActive: true });
    doc.questions[0]!.text = `${doc.questions[0]!.text} (reworded)`;
    const imported = await app.request({
      method: 'POST',
      url: '/api/admin/content/import',
      payload: doc,
      headers: admin.headers,
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
  });
  afterAll(async () => {
    await app?.close();
    await receiver?.close();
  });

  it('keeps the id of every pillar and question whose key it meets, and gives a new one a new id', async () => {
    const pillars = await v1<Pillar[]>('/api/v1/pillars');
    const questions = await v1<AdminQuestion[]>('/api/v1/questions');
    for (const pillar of before.pillars) {
      expect(pillars.find((p) => p.key === pillar.key)?.id, pillar.key).toBe(pillar.id);
    }
    expect(pillars.find((p) => p.id === before.pillars[0]!.id)?.name).toBe('Technical Expertise');
    const added = pillars.find((p) => p.key === 'security')!;
    expect(before.pillars.map((p) => p.id)).not.toContain(added.id);
    expect(questions.map((q) => [q.key, q.id])).toEqual(before.questions.map((q) => [q.key, q.id]));
    expect(questions[0]!.text).toMatch(/\(reworded\)$/);

    // Each question names its pillar and each answer's points their pillar by id and key alike.
    for (const question of questions) {
      expect(question.pillarKey).toBe(pillars.find((p) => p.id === question.pillarId)!.key);
      expect(question.pillar?.key).toBe(question.pillarKey);
      for (const allocation of question.answers.flatMap((answer) => answer.pointAllocations)) {
        expect(allocation.pillarKey).toBe(pillars.find((p) => p.id === allocation.pillarId)!.key);
      }
    }
  });

  it("gives the visitor's results each pillar's key beside its id, joining /api/v1 after the import", async () => {
    const pillars = await v1<Pillar[]>('/api/v1/pillars');
    const results = await app.request<ResultsResponse>({
      url: `/api/assessment/results/${before.submission}`,
    });
    expect(results.status).toBe(200);
    expectJoins(results.body.pillarScores, pillars);
    expect(results.body.pillarScores.map((s) => s.pillarKey)).toEqual(
      before.pillars.filter((p) => p.isActive).map((p) => p.key),
    );
  });

  it('leaves a submission scored before the import joining /api/v1 by id and by key', async () => {
    const pillars = await v1<Pillar[]>('/api/v1/pillars');
    const questionKeys = before.questions.map((q) => q.key);
    const detail = await v1<V1SubmissionDetail>(`/api/v1/submissions/${before.submission}`);
    expectJoins(detail.submission.scores.pillarScores, pillars);
    expect(detail.answers.map((a) => a.questionKey)).toEqual(questionKeys);
    const listed = await v1<SubmissionList>('/api/v1/submissions');
    expectJoins(listed.submissions.find((s) => s.id === before.submission)!.scores.pillarScores, pillars);
  });

  it('sends each pillar with its id and key, and each answer with its question key, in the webhook', async () => {
    const pillars = await v1<Pillar[]>('/api/v1/pillars');
    const after = await submitAs(app, { email_address: 'lee@northwind-it.example' }, 2);
    for (const submissionId of [before.submission, after]) {
      const payload = await webhookOf(submissionId);
      expectJoins(
        payload.data.scores.pillars.map((p) => ({ pillarId: p.id, pillarKey: p.key })),
        pillars,
      );
      expect(payload.data.answers.map((a) => a.questionKey)).toEqual(before.questions.map((q) => q.key));
    }
  });

  it('writes the keys beside the ids in the JSON exports: one submission, and one person', async () => {
    const pillars = await v1<Pillar[]>('/api/v1/pillars');
    const file = await app.server.inject({
      url: `/api/admin/submissions/${before.submission}/export`,
      headers: admin.headers,
    });
    expect(file.statusCode).toBe(200);
    const exported = JSON.parse(file.payload) as SubmissionDetail;
    expectJoins(exported.submission.scores.pillarScores, pillars);
    expect(exported.answers.every((a) => before.questions.some((q) => q.key === a.questionKey))).toBe(true);

    const person = await v1<PersonalDataExport>('/api/v1/personal-data?email=dana%40northwind-it.example');
    expect(person.submissions).toHaveLength(1);
    expectJoins(person.submissions[0]!.submission.scores.pillarScores, pillars);
    expect(person.submissions[0]!.answers.map((a) => a.questionKey)).toEqual(
      before.questions.map((q) => q.key),
    );
  });
});
