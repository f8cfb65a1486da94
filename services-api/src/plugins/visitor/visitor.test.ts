import { createHash } from 'node:crypto';
import type { VisitorHistory } from '@msp/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cookiesOf, createTestUser, signedInAs } from '../../test/auth-helpers.js';
import { nextAddress } from '../../test/invite-helpers.js';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from '../../test/smtp-server.js';
import { submitAs } from '../../test/submission-helpers.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-database.js';
import { eventually } from '../../test/webhook-receiver.js';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
let counter = 0;
const freshEmail = (name: string) => `${name}.${++counter}.${Date.now()}@northwind-it.example`;
const SUBJECT = 'Your sign-in link for Maturity Check';
const tokenIn = (mail: ReceivedMail) => /\/my\/sign-in\?lang=\w+#token=([\w-]+)/.exec(mail.parsed.text!)![1]!;

describe.each(testDatabaseKinds)('the verified visitor on $name', (kind) => {
  let app: TestApp;
  let smtp: TestSmtpServer;

  const askLink = (body: object, remoteAddress = nextAddress()) =>
    app.request<{ accepted?: true; message?: string; field?: string }>({
      method: 'POST',
      url: '/api/visitor/sign-in-link',
      payload: body,
      remoteAddress,
    });
  const linkMailTo = (email: string) =>
    smtp.waitForMessage((mail) => mail.envelope.rcptTo.includes(email) && mail.parsed.subject === SUBJECT);
  /** Every sign-in job done, so what was (not) sent can be judged. */
  const linksSettled = () =>
    eventually(
      async () =>
        Number(
          (
            await app
              .db('jobs')
              .where({ kind: 'visitor_sign_in' })
              .whereIn('status', ['queued', 'running'])
              .count({ n: '*' })
          )[0]!.n,
        ) === 0,
      { what: 'the sign-in jobs to finish' },
    );
  /** Spends a token; the visitor cookie of the answer, ready to send back. */
  const signIn = async (token: string) => {
    const response = await app.server.inject({
      method: 'POST',
      url: '/api/visitor/session',
      payload: { token },
    });
    const cookie = cookiesOf(response.headers).msp_visitor;
    return { response, cookie: cookie ? `msp_visitor=${cookie}` : undefined };
  };
  const history = (cookie: string) =>
    app.request<VisitorHistory>({ url: '/api/visitor/assessments', headers: { cookie } });
  const signedInVisitor = async (email: string) => {
    expect((await askLink({ email })).status).toBe(202);
    const { cookie } = await signIn(tokenIn(await linkMailTo(email)));
    return cookie!;
  };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await startTestApp(kind, {
      env: { SMTP_URL: smtp.url, PRODUCT_NAME: 'Maturity Check' },
      jobs: { pollIntervalMs: 50, retryDelaysMs: [0] },
    });
  });
  beforeEach(() => smtp.reset());
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  it('emails a 30-minute link to an address that took the assessment, which signs in once', async () => {
    const email = freshEmail('jane');
    const first = await submitAs(app, { email_address: email }, 1);
    const second = await submitAs(app, { email_address: email }, 2);
    const asked = await askLink({ email: email.toUpperCase(), lang: 'en' });
    expect(asked).toMatchObject({ status: 202, body: { accepted: true } });

    const mail = await linkMailTo(email);
    expect(mail.parsed.text).toContain('It works once, for 30 minutes.');
    expect(mail.parsed.html).toContain('lang="en"');
    const token = tokenIn(mail);
    // Only the token's hash is kept, and the job forgot the address once it ran.
    const link = await app.db('visitor_sign_in_links').where({ email }).first();
    expect(link.token_hash).toBe(sha256(token));
    const minutes = (new Date(link.expires_at).getTime() - new Date(link.created_at).getTime()) / 60_000;
    expect(minutes).toBeCloseTo(30, 0);
    expect(JSON.stringify(await app.db('visitor_sign_in_links').select())).not.toContain(token);
    await linksSettled();
    expect(
      JSON.stringify(await app.db('jobs').where({ kind: 'visitor_sign_in' }).pluck('payload')),
    ).not.toContain(email);

    const { response, cookie } = await signIn(token);
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.payload)).toEqual({ email });
    expect(response.headers['set-cookie']!.toString()).toMatch(/msp_visitor=[^;]+;.*HttpOnly.*SameSite=Lax/);

    const { status, body } = await history(cookie!);
    expect(status).toBe(200);
    expect(body.email).toBe(email);
    expect(body.assessments.map((a) => a.submissionId)).toEqual([second, first]);
    // The numbers are the admin's: each pillar's level and percentage, and the change between them.
    const admin = (await signedInAs(app, await createTestUser(app.db, { role: 'admin', status: 'approved' })))
      .headers;
    const detailOf = async (id: string) =>
      (
        await app.request<{
          submission: {
            scores: {
              overallLevel: number;
              cumulativeAverage: number;
              pillarScores: { pillarKey: string; level: number; percentage: number }[];
            };
          };
        }>({
          url: `/api/admin/submissions/${id}`,
          headers: admin,
        })
      ).body.submission.scores;
    const [now, before] = [await detailOf(second), await detailOf(first)];
    const [latest, earlier] = body.assessments;
    expect(latest!.overallLevel).toBe(now.overallLevel);
    expect(latest!.cumulativeAverage).toBe(now.cumulativeAverage);
    expect(latest!.change).toEqual({
      level: now.overallLevel - before.overallLevel,
      score: Math.round((now.cumulativeAverage - before.cumulativeAverage) * 10) / 10,
    });
    for (const pillar of latest!.pillars) {
      const was = before.pillarScores.find((p) => p.pillarKey === pillar.pillarKey)!;
      const is = now.pillarScores.find((p) => p.pillarKey === pillar.pillarKey)!;
      expect(pillar).toMatchObject({ level: is.level, percentage: is.percentage });
      expect(pillar.change).toEqual({
        level: is.level - was.level,
        score: Math.round((is.percentage - was.percentage) * 10) / 10,
      });
    }
    expect(earlier!.change).toBeNull();
    expect(earlier!.pillars.every((p) => p.change === null)).toBe(true);
    expect(body.latestDemographics?.email_address).toBe(email);

    // Spent: the same link again is refused, naming the field.
    const again = await signIn(token);
    expect(again.response.statusCode).toBe(400);
    expect(JSON.parse(again.response.payload)).toMatchObject({ field: 'token' });
    expect(again.cookie).toBeUndefined();
  });

  it('answers the same for an address that never took it, and sends it nothing', async () => {
    const known = freshEmail('known');
    await submitAs(app, { email_address: known });
    const unknown = freshEmail('stranger');
    const [forKnown, forUnknown] = [await askLink({ email: known }), await askLink({ email: unknown })];
    expect(forUnknown.status).toBe(forKnown.status);
    expect(forUnknown.body).toEqual(forKnown.body);
    await linkMailTo(known);
    await linksSettled();
    expect(smtp.messages.some((mail) => mail.envelope.rcptTo.includes(unknown))).toBe(false);
    expect(await app.db('visitor_sign_in_links').where({ email: unknown }).first()).toBeUndefined();
    expect(
      JSON.stringify(await app.db('jobs').where({ kind: 'visitor_sign_in' }).pluck('payload')),
    ).not.toContain(unknown);
  });

  it("sends the link to a results page's submission without the page naming the address", async () => {
    const email = freshEmail('results');
    const id = await submitAs(app, { email_address: email });
    expect((await askLink({ submissionId: id, lang: 'de' })).status).toBe(202);
    const mail = await smtp.waitForMessage(
      (m) => m.envelope.rcptTo.includes(email) && m.parsed.subject === 'Ihr Anmeldelink für Maturity Check',
    );
    expect(mail.parsed.text).toContain('/my/sign-in?lang=de#token=');
  });

  it('refuses a link past its 30 minutes, and a malformed body naming the field', async () => {
    const email = freshEmail('late');
    await submitAs(app, { email_address: email });
    await askLink({ email });
    const token = tokenIn(await linkMailTo(email));
    await app
      .db('visitor_sign_in_links')
      .where({ token_hash: sha256(token) })
      .update({
        expires_at: new Date(Date.now() - 1000),
      });
    expect((await signIn(token)).response.statusCode).toBe(400);
    expect(await askLink({ email: 'not an address' })).toMatchObject({
      status: 400,
      body: { field: 'email' },
    });
    expect(await askLink({})).toMatchObject({ status: 400, body: { field: 'email' } });
  });

  it('limits links per address and per client, saying when to try again', async () => {
    const email = freshEmail('limits');
    const from = nextAddress();
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await askLink({ email }, from));
    expect(answers.slice(0, 3).map((a) => a.status)).toEqual([202, 202, 202]);
    expect(answers[3]!.status).toBe(429);
    const refused = await app.server.inject({
      method: 'POST',
      url: '/api/visitor/sign-in-link',
      payload: { email },
      remoteAddress: nextAddress(),
    });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Per client: ten addresses from one, then no more.
    const client = nextAddress();
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await askLink({ email: freshEmail('many') }, client)).status);
    expect(statuses.filter((s) => s === 202)).toHaveLength(10);
    expect(statuses.at(-1)).toBe(429);
  });

  it("keeps two visitors' histories apart, and a visitor's session out of the admin and back", async () => {
    const [a, b] = [freshEmail('alice'), freshEmail('bob')];
    const ofA = await submitAs(app, { email_address: a });
    const ofB = await submitAs(app, { email_address: b });
    const [cookieA, cookieB] = [await signedInVisitor(a), await signedInVisitor(b)];
    expect((await history(cookieA)).body.assessments.map((x) => x.submissionId)).toEqual([ofA]);
    expect((await history(cookieB)).body.assessments.map((x) => x.submissionId)).toEqual([ofB]);
    // A visitor's cookie opens no admin or signed-in route; an admin's session is no visitor's.
    expect(
      (await app.server.inject({ url: '/api/admin/submissions', headers: { cookie: cookieA } })).statusCode,
    ).toBe(401);
    expect(
      (await app.server.inject({ url: '/api/auth/user', headers: { cookie: cookieA } })).statusCode,
    ).toBe(401);
    const admin = (await signedInAs(app, await createTestUser(app.db, { role: 'admin', status: 'approved' })))
      .headers;
    expect((await app.server.inject({ url: '/api/visitor/assessments', headers: admin })).statusCode).toBe(
      401,
    );
    expect((await app.server.inject({ url: '/api/visitor/assessments' })).statusCode).toBe(401);
  });

  it('signs out with the CSRF token, and ends a session idle for 30 days', async () => {
    const email = freshEmail('out');
    await submitAs(app, { email_address: email });
    const cookie = await signedInVisitor(email);
    const read = await app.server.inject({ url: '/api/visitor/assessments', headers: { cookie } });
    const crumb = cookiesOf(read.headers).crumb!;
    expect(crumb).toBeTruthy();
    const withCrumb = { cookie: `${cookie}; crumb=${crumb}` };
    expect(
      (await app.server.inject({ method: 'DELETE', url: '/api/visitor/session', headers: withCrumb }))
        .statusCode,
    ).toBe(403);
    const out = await app.server.inject({
      method: 'DELETE',
      url: '/api/visitor/session',
      headers: { ...withCrumb, 'x-csrf-token': crumb },
    });
    expect(out.statusCode).toBe(200);
    expect((await history(cookie)).status).toBe(401);

    const idle = await signedInVisitor(email);
    await app
      .db('visitor_sessions')
      .where({ email })
      .update({ last_seen_at: new Date(Date.now() - 31 * 24 * 60 * 60 * 1000) });
    expect((await history(idle)).status).toBe(401);
    expect(await app.db('visitor_sessions').where({ email }).first()).toBeUndefined();
  });

  it("exports and erases the address's links and sessions with its submissions", async () => {
    const email = freshEmail('gdpr');
    await submitAs(app, { email_address: email });
    await signedInVisitor(email);
    const admin = (await signedInAs(app, await createTestUser(app.db, { role: 'admin', status: 'approved' })))
      .headers;
    const exported = await app.request<{
      visitorSessions: unknown[];
      signInLinks: { usedAt: string | null }[];
    }>({
      url: `/api/admin/personal-data/export?email=${encodeURIComponent(email)}`,
      headers: admin,
    });
    expect(exported.body.visitorSessions).toHaveLength(1);
    expect(exported.body.signInLinks).toHaveLength(1);
    expect(exported.body.signInLinks[0]!.usedAt).not.toBeNull();
    const erased = await app.request({
      method: 'POST',
      url: '/api/admin/personal-data/delete',
      headers: admin,
      payload: { email },
    });
    expect(erased.status).toBe(200);
    expect(await app.db('visitor_sessions').where({ email }).first()).toBeUndefined();
    expect(await app.db('visitor_sign_in_links').where({ email }).first()).toBeUndefined();
  });

  it('erases their own data from "Your assessments" as the admin does, after which nothing is left to sign in to', async () => {
    const email = freshEmail('forget');
    const other = freshEmail('keep');
    const mine = [
      await submitAs(app, { email_address: email }, 1),
      await submitAs(app, { email_address: email }, 2),
    ];
    const theirs = await submitAs(app, { email_address: other }, 1);
    const cookie = await signedInVisitor(email);
    const read = await app.server.inject({ url: '/api/visitor/assessments', headers: { cookie } });
    const crumb = cookiesOf(read.headers).crumb!;
    const headers = { cookie: `${cookie}; crumb=${crumb}`, 'x-csrf-token': crumb };
    // No crumb, no erasure.
    expect(
      (await app.server.inject({ method: 'DELETE', url: '/api/visitor/assessments', headers: { cookie } }))
        .statusCode,
    ).toBe(403);
    const erased = await app.server.inject({ method: 'DELETE', url: '/api/visitor/assessments', headers });
    expect(erased.statusCode).toBe(200);
    expect(JSON.parse(erased.payload)).toEqual({ deleted: 2 });
    expect(await app.db('submissions').whereIn('id', mine)).toEqual([]);
    expect(await app.db('submissions').where({ id: theirs }).first()).toBeDefined();
    expect(await app.db('visitor_sessions').where({ email }).first()).toBeUndefined();
    expect(await app.db('visitor_sign_in_links').where({ email }).first()).toBeUndefined();
    expect((await history(cookie)).status).toBe(401);
    // The trail says the person did it, and keeps their domain, never their address.
    const record = await app.db('audit_events').orderBy('id', 'desc').first();
    expect(record).toMatchObject({ action: 'personal_data.delete', actor_kind: 'visitor' });
    expect(JSON.stringify(record)).not.toContain(email);
    expect(record.summary).toMatchObject({ emailDomain: 'northwind-it.example', deleted: 2 });
  });
});
