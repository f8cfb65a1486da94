import { createHash } from 'node:crypto';
import type { PublicQuestion, SavedDraft } from '@msp/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestUser, signedInAs } from '../../test/auth-helpers.js';
import { nextAddress } from '../../test/invite-helpers.js';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from '../../test/smtp-server.js';
import { submitAs } from '../../test/submission-helpers.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-database.js';
import { eventually } from '../../test/webhook-receiver.js';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const DAY_MS = 24 * 60 * 60 * 1000;
let counter = 0;
const freshEmail = (name: string) => `${name}.${++counter}.${Date.now()}@northwind-it.example`;
const SUBJECT = 'Continue your assessment on Maturity Check';
const tokenIn = (mail: ReceivedMail) => /\/assessment\?lang=\w+#draft=([\w-]+)/.exec(mail.parsed.text!)![1]!;

describe.each(testDatabaseKinds)('"Continue later" drafts on $name', (kind) => {
  let app: TestApp;
  let smtp: TestSmtpServer;
  let questions: PublicQuestion[];

  /** The first `count` questions answered with their first answer, keyed by question id. */
  const answersFor = (count: number) =>
    Object.fromEntries(questions.slice(0, count).map((q) => [String(q.id), q.answers[0]!.id]));
  const demographicsOf = (email: string) => ({
    first_name: 'Jane',
    company: 'Northwind IT',
    email_address: email,
  });
  const save = (body: object, remoteAddress = nextAddress()) =>
    app.request<{ accepted?: true; message?: string; field?: string }>({
      method: 'POST',
      url: '/api/assessment/drafts',
      payload: body,
      remoteAddress,
    });
  const resume = (token: string) =>
    app.request<SavedDraft & { message?: string }>({
      method: 'POST',
      url: '/api/assessment/drafts/resume',
      payload: { token },
    });
  const linkMailTo = (email: string, subject = SUBJECT) =>
    smtp.waitForMessage((mail) => mail.envelope.rcptTo.includes(email) && mail.parsed.subject === subject);
  const draftOf = (email: string) =>
    app.db('assessment_drafts').whereRaw('lower(email) = ?', [email]).first();
  const adminHeaders = async () =>
    (await signedInAs(app, await createTestUser(app.db, { role: 'admin', status: 'approved' }))).headers;
  /** Saves a draft and returns the token its email brings. */
  const savedDraft = async (email: string, answered = 3) => {
    expect(
      (await save({ email, demographics: demographicsOf(email), answers: answersFor(answered) })).status,
    ).toBe(202);
    return tokenIn(await linkMailTo(email));
  };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await startTestApp(kind, {
      env: { SMTP_URL: smtp.url, PRODUCT_NAME: 'Maturity Check' },
      jobs: { pollIntervalMs: 50, retryDelaysMs: [0] },
    });
    questions = (await app.request<PublicQuestion[]>({ url: '/api/assessment-questions' })).body;
  });
  beforeEach(() => smtp.reset());
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  it('emails a link that brings the draft back, as often as it is opened', async () => {
    const email = freshEmail('jane');
    const answers = answersFor(3);
    const saved = await save({
      email: email.toUpperCase(),
      demographics: demographicsOf(email),
      answers,
      language: 'en',
    });
    expect(saved).toMatchObject({ status: 202, body: { accepted: true } });

    const mail = await linkMailTo(email);
    expect(mail.parsed.text).toContain('This link brings back your answers so far, on any device');
    expect(mail.parsed.html).toContain('lang="en"');
    const token = tokenIn(mail);
    // The row: the address in lower case, how far they got, and only the token's hash.
    const row = await draftOf(email);
    expect(row).toMatchObject({
      email,
      answered_count: 3,
      question_count: questions.length,
      token_hash: sha256(token),
      language: 'en',
      consent_statement_id: null,
    });
    expect(JSON.stringify(await app.db('assessment_drafts').select())).not.toContain(token);
    expect(JSON.stringify(await app.db('jobs').where({ kind: 'draft_link' }).pluck('payload'))).not.toContain(
      email,
    );

    // On a phone, then on a laptop: the same link works on each.
    for (let device = 0; device < 2; device++) {
      const { status, body } = await resume(token);
      expect(status).toBe(200);
      expect(body).toEqual({
        demographics: demographicsOf(email),
        answers,
        consentStatementId: null,
        language: 'en',
      });
    }
  });

  it('writes the email in the draft’s language, and one draft per address', async () => {
    const email = freshEmail('anna');
    await save({ email, demographics: demographicsOf(email), answers: answersFor(1), language: 'de-AT' });
    const first = tokenIn(await linkMailTo(email, 'Setzen Sie Ihr Assessment bei Maturity Check fort'));
    expect((await draftOf(email)).language).toBe('de');
    smtp.reset();
    // Saved again, later in the assessment: the same row, further on, and the newest link is the one.
    await save({ email, demographics: demographicsOf(email), answers: answersFor(5), language: 'en' });
    const second = tokenIn(await linkMailTo(email));
    expect(await app.db('assessment_drafts').whereRaw('lower(email) = ?', [email])).toHaveLength(1);
    expect((await resume(second)).body.answers).toEqual(answersFor(5));
    expect((await resume(first)).status).toBe(404);
  });

  it('answers 404 to a link that finds no draft, saying so', async () => {
    const { status, body } = await resume('x'.repeat(43));
    expect(status).toBe(404);
    expect(body.message).toMatch(/expired/);
  });

  it('refuses bad input with a 400 naming the field, and writes nothing', async () => {
    const email = freshEmail('bad');
    const valid = { email, demographics: demographicsOf(email), answers: answersFor(2) };
    const question = questions[0]!;
    const otherAnswer = questions[1]!.answers[0]!.id;
    const cases: [object, string][] = [
      [{ ...valid, email: 'not an address' }, 'email'],
      [{ ...valid, demographics: { shoe_size: '44' } }, 'demographics.shoe_size'],
      [{ ...valid, answers: { '999999': question.answers[0]!.id } }, 'answers.999999'],
      [{ ...valid, answers: { [String(question.id)]: otherAnswer } }, `answers.${question.id}`],
      [{ ...valid, answers: { abc: 1 } }, 'answers.abc'],
      [{ ...valid, demographics: { company: 'x'.repeat(501) } }, 'demographics.company'],
      [{ ...valid, consentStatementId: 999999 }, 'consentStatementId'],
    ];
    for (const [body, field] of cases) {
      const { status, body: answer } = await save(body);
      expect({ field, status }).toEqual({ field, status: 400 });
      expect(answer.field).toBe(field);
    }
    expect(await draftOf(email)).toBeUndefined();
    expect(
      await app.db('jobs').where({ kind: 'draft_link' }).whereIn('status', ['queued', 'running']),
    ).toEqual([]);
  });

  it('limits saves per address and per client, saying when to try again', async () => {
    const email = freshEmail('limits');
    const body = { email, demographics: {}, answers: {} };
    const from = nextAddress();
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await save(body, from)).status);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    const refused = await app.server.inject({
      method: 'POST',
      url: '/api/assessment/drafts',
      payload: body,
      remoteAddress: nextAddress(),
    });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const client = nextAddress();
    const perClient = [];
    for (let i = 0; i < 11; i++)
      perClient.push(
        (await save({ email: freshEmail('many'), demographics: {}, answers: {} }, client)).status,
      );
    expect(perClient.filter((s) => s === 202)).toHaveLength(10);
    expect(perClient.at(-1)).toBe(429);
  });

  it('deletes the draft when its address submits, and the link then finds nothing', async () => {
    const email = freshEmail('submit');
    const token = await savedDraft(email);
    await submitAs(app, { email_address: email.toUpperCase() });
    expect(await draftOf(email)).toBeUndefined();
    expect((await resume(token)).status).toBe(404);
  });

  it('deletes a draft not saved for 30 days in the daily retention run', async () => {
    const [old, recent] = [freshEmail('old'), freshEmail('recent')];
    const oldToken = await savedDraft(old);
    await savedDraft(recent);
    await app
      .db('assessment_drafts')
      .whereRaw('lower(email) = ?', [old])
      .update({ updated_at: new Date(Date.now() - 31 * DAY_MS) });
    // Past its time the link finds nothing, even before the run.
    expect((await resume(oldToken)).status).toBe(404);
    // Without a period for submissions too, a daily run is queued: the next one made due now.
    const [next] = await app
      .db('jobs')
      .where({ kind: 'retention', status: 'queued' })
      .update({ run_at: app.db.fn.now() })
      .returning('id');
    expect(next).toBeDefined();
    await eventually(
      async () =>
        (
          await app
            .db('jobs')
            .where({ id: (next as { id: number }).id })
            .first()
        ).status === 'succeeded',
      { what: 'the retention run' },
    );
    expect(await draftOf(old)).toBeUndefined();
    expect(await draftOf(recent)).toBeDefined();
  });

  it('includes the draft in the personal-data look-up and export, and erases it', async () => {
    const email = freshEmail('gdpr');
    await savedDraft(email, 2);
    const admin = await adminHeaders();
    // An address with a draft and no submission is found, not "nothing stored".
    const found = await app.request<{ submissions: unknown[]; draft: object | null }>({
      url: `/api/admin/personal-data?email=${encodeURIComponent(email)}`,
      headers: admin,
    });
    expect(found.body).toMatchObject({
      submissions: [],
      draft: { answeredCount: 2, questionCount: questions.length },
    });
    const exported = await app.request<{ drafts: { answeredCount: number; demographics: object }[] }>({
      url: `/api/admin/personal-data/export?email=${encodeURIComponent(email)}`,
      headers: admin,
    });
    expect(exported.status).toBe(200);
    expect(exported.body.drafts).toHaveLength(1);
    expect(exported.body.drafts[0]).toMatchObject({ answeredCount: 2, demographics: demographicsOf(email) });
    const erased = await app.request({
      method: 'POST',
      url: '/api/admin/personal-data/delete',
      headers: admin,
      payload: { email },
    });
    expect(erased.status).toBe(200);
    expect(await draftOf(email)).toBeUndefined();
  });
});
