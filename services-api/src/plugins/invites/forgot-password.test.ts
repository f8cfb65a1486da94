import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cookiesOf, createTestUser, signedInAs, submitSignIn } from '../../test/auth-helpers.js';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from '../../test/smtp-server.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-database.js';
import type { UserRow } from '../../db/tables.js';
import { currentUserOf, nextAddress, openInvite, tableText } from '../../test/invite-helpers.js';
import { OUTSIDE_REQUEST } from '../../http/audit-trail.js';
import { inviteExistingUser } from './invites-service.js';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
let emailCounter = 0;
const freshEmail = (name: string) => `${name}.${++emailCounter}.${Date.now()}@msp.example`;

/** Opens the Forgot password page like a browser and posts its form. */
async function requestReset(app: TestApp, email: string, remoteAddress = nextAddress()) {
  const page = await app.server.inject({ url: '/api/forgot-password', remoteAddress });
  const crumb = cookiesOf(page.headers).crumb ?? 'no-crumb';
  return app.server.inject({
    method: 'POST',
    url: '/api/forgot-password',
    headers: { cookie: `crumb=${crumb}`, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ crumb, email }).toString(),
    remoteAddress,
  });
}

/** Opens a reset link and posts a new password, as a browser would. */
async function useLink(app: TestApp, url: string, password: string) {
  const { page, submit } = await openInvite(app, url);
  return { page, posted: await submit(password) };
}

const linkIn = (mail: ReceivedMail) => mail.parsed.text!.match(/http\S+\/api\/invite\?token=[\w-]+/)![0];
const count = async (app: TestApp, table: string, where: object = {}) =>
  Number((await app.db(table).where(where).count({ n: '*' }))[0]!.n);

describe.each(testDatabaseKinds)('Forgot password with email on $name', (kind) => {
  let app: TestApp;
  let smtp: TestSmtpServer;

  /** Waits until every Forgot password job and the emails they queued have run. */
  async function jobsSettled() {
    for (;;) {
      const open = await app
        .db('jobs')
        .whereIn('kind', ['password_reset', 'invite_email'])
        .whereIn('status', ['queued', 'running'])
        .count({ n: '*' });
      if (Number(open[0]!.n) === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await startTestApp(kind, {
      seed: false,
      env: { SMTP_URL: smtp.url, PRODUCT_NAME: 'Maturity Check' },
      jobs: { pollIntervalMs: 50, retryDelaysMs: [0] },
    });
  });
  beforeEach(() => smtp.reset());
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  it('links to Forgot password from the sign-in page, which asks for the email address', async () => {
    const signIn = await app.server.inject({ url: '/api/login' });
    expect(signIn.payload).toMatch(/<a [^>]*href="\/api\/forgot-password">Forgot password\?<\/a>/);
    const page = await app.server.inject({ url: '/api/forgot-password' });
    expect(page.statusCode).toBe(200);
    expect(page.payload).toContain('<h1>Forgot your password?</h1>');
    expect(page.payload).toContain('<form method="post" action="/api/forgot-password"');
    expect(page.payload).toContain('The link works once, for 30 minutes.');
  });

  it('emails a 30-minute link that sets a new password once, ends other sessions and signs in', async () => {
    const user = await createTestUser(app.db, {
      email: freshEmail('forgetful'),
      status: 'approved',
      role: 'admin',
      password: 'the old long password',
      firstName: 'Fran',
    });
    const otherSession = await signedInAs(app, user);
    const asked = await requestReset(app, user.email);
    expect(asked.statusCode).toBe(200);
    expect(asked.payload).toContain('<h1>Check your email</h1>');

    const [mail] = await smtp.waitForMessages(1);
    expect(mail!.envelope.rcptTo).toEqual([user.email]);
    expect(mail!.parsed.subject).toBe('Set a new password for Maturity Check');
    expect(mail!.parsed.text).toContain('Hello Fran,');
    expect(mail!.parsed.text).toContain('Someone asked for a link to set a new password');
    const link = linkIn(mail!);
    const token = new URL(link).searchParams.get('token')!;

    await jobsSettled();
    const row = await app.db('user_invites').where({ user_id: user.id }).first();
    expect(row).toMatchObject({ token_hash: sha256(token), purpose: 'reset', created_by: null });
    const minutes = (new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()) / 60_000;
    expect(minutes).toBeCloseTo(30, 0);
    // Only the hash is kept, and the typed address leaves the job once it has run.
    for (const table of ['user_invites', 'jobs', 'users'])
      expect(await tableText(app, table)).not.toContain(token);
    expect(await tableText(app, 'jobs')).not.toContain(user.email);

    // Until the link is used, the old password still works.
    expect((await submitSignIn(app, user.email, 'the old long password', nextAddress())).statusCode).toBe(
      303,
    );
    const weak = await useLink(app, link, 'too short');
    expect(weak.page.payload).toContain('<h1>Choose a new password</h1>');
    expect(weak.posted.statusCode).toBe(400);
    expect(weak.posted.payload).toContain('Password must be at least 12 characters');

    const { posted } = await useLink(app, link, 'the new long password');
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toBe('/admin');
    const me = await currentUserOf(app, posted.headers);
    expect(me.body.email).toBe(user.email);
    expect((await app.request({ url: '/api/auth/user', headers: otherSession.headers })).status).toBe(401);
    expect((await submitSignIn(app, user.email, 'the old long password', nextAddress())).statusCode).toBe(
      401,
    );
    expect((await submitSignIn(app, user.email, 'the new long password', nextAddress())).statusCode).toBe(
      303,
    );

    const again = await useLink(app, link, 'a third long password');
    expect(again.page.statusCode).toBe(410);
    expect(again.posted.statusCode).toBe(410);
    expect(again.posted.payload).toContain('This link has already been used');
    expect((await submitSignIn(app, user.email, 'a third long password', nextAddress())).statusCode).toBe(
      401,
    );
  });

  it('answers an unknown address exactly as a known one, and sends nothing', async () => {
    const known = await createTestUser(app.db, {
      email: freshEmail('known'),
      status: 'approved',
      password: 'a long password here',
    });
    const unknown = freshEmail('nobody');
    const forKnown = await requestReset(app, known.email);
    const forUnknown = await requestReset(app, unknown);
    expect(forUnknown.statusCode).toBe(forKnown.statusCode);
    const page = (payload: string, email: string) =>
      payload.replaceAll(email, '(address)').replace(/nonce="[^"]+"/g, 'nonce');
    expect(page(forUnknown.payload, unknown)).toBe(page(forKnown.payload, known.email));
    expect(Object.keys(forUnknown.headers).sort()).toEqual(Object.keys(forKnown.headers).sort());

    await jobsSettled();
    expect(smtp.messages.map((mail) => mail.envelope.rcptTo)).toEqual([[known.email]]);
    expect(await count(app, 'user_invites', { user_id: known.id })).toBe(1);
    expect(await tableText(app, 'jobs')).not.toContain(unknown);
  });

  it('sends a denied user nothing, and tells a single sign-on user there is no password to reset', async () => {
    const denied = await createTestUser(app.db, {
      email: freshEmail('denied'),
      status: 'denied',
      password: 'a long password here',
    });
    const sso = await createTestUser(app.db, { email: freshEmail('sso'), status: 'approved' });
    await app
      .db('users')
      .where({ id: sso.id })
      .update({ oidc_issuer: 'https://idp.example', oidc_subject: 's-9' });
    expect((await requestReset(app, denied.email)).statusCode).toBe(200);
    expect((await requestReset(app, sso.email)).statusCode).toBe(200);
    await jobsSettled();
    expect(smtp.messages).toHaveLength(1);
    const [mail] = smtp.messages;
    expect(mail!.envelope.rcptTo).toEqual([sso.email]);
    expect(mail!.parsed.subject).toBe('Signing in to Maturity Check');
    expect(mail!.parsed.text).toContain('signs in with single sign-on, so it has no password here to reset');
    expect(mail!.parsed.text).not.toContain('/api/invite');
    expect(await count(app, 'user_invites', { user_id: denied.id })).toBe(0);
    expect(await count(app, 'user_invites', { user_id: sso.id })).toBe(0);
  });

  it("sends nothing for an account with no password yet, and leaves the admin's invite working", async () => {
    const admin = await createTestUser(app.db, {
      email: freshEmail('inviter'),
      status: 'approved',
      role: 'admin',
      password: 'a long password here',
    });
    const invited = await createTestUser(app.db, { email: freshEmail('invited'), status: 'approved' });
    const invite = await inviteExistingUser(
      app.db,
      invited.id,
      { createdBy: admin.id, publicUrl: app.config.publicUrl, email: false },
      OUTSIDE_REQUEST,
    );
    const unknown = freshEmail('stranger');
    const forInvited = await requestReset(app, invited.email);
    const forUnknown = await requestReset(app, unknown);
    // Answered as any address is, so the page tells a stranger nothing about the account.
    expect(forInvited.statusCode).toBe(200);
    const page = (payload: string, email: string) =>
      payload.replaceAll(email, '(address)').replace(/nonce="[^"]+"/g, 'nonce');
    expect(page(forInvited.payload, invited.email)).toBe(page(forUnknown.payload, unknown));

    await jobsSettled();
    expect(smtp.messages).toEqual([]);
    expect(await count(app, 'user_invites', { user_id: invited.id })).toBe(1);
    expect(await tableText(app, 'jobs')).not.toContain(invited.email);
    const { page: opened, posted } = await useLink(app, invite.url, 'lantern orbit tulip gravel');
    expect(opened.statusCode).toBe(200);
    expect(opened.payload).not.toContain('This link has been replaced');
    expect(posted.statusCode).toBe(303);
  });

  it('explains an expired link and leaves the password as it was', async () => {
    const user = await createTestUser(app.db, {
      email: freshEmail('slow'),
      status: 'approved',
      password: 'the old long password',
    });
    await requestReset(app, user.email);
    const [mail] = await smtp.waitForMessages(1);
    await app
      .db('user_invites')
      .where({ user_id: user.id })
      .update({ expires_at: new Date(Date.now() - 1000) });
    const { page, posted } = await useLink(app, linkIn(mail!), 'the new long password');
    expect(page.statusCode).toBe(410);
    expect(page.payload).toContain('This link has expired');
    expect(page.payload).toContain('links from Forgot password for 30 minutes');
    expect(posted.statusCode).toBe(410);
    expect((await submitSignIn(app, user.email, 'the old long password', nextAddress())).statusCode).toBe(
      303,
    );
  });

  it('limits requests per address typed and per client, known or not, with Retry-After', async () => {
    const client = nextAddress();
    const known = await createTestUser(app.db, {
      email: freshEmail('limited'),
      status: 'approved',
      password: 'a long password here',
    });
    const unknown = freshEmail('limited-nobody');
    for (const email of [known.email, unknown]) {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await requestReset(app, email, nextAddress())).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429]);
    }
    const refused = await requestReset(app, known.email, client);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.payload).toContain('Too many reset requests. Please wait');

    // One client asking for many addresses is stopped too.
    const another = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await requestReset(app, freshEmail('spray'), another)).statusCode);
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
    await jobsSettled();
    // Three links were made for the known address (each replacing the one before); the refused
    // requests queued nothing.
    expect(await count(app, 'user_invites', { user_id: known.id })).toBe(3);
  });

  it('writes nothing for an address that is not one, and names the field', async () => {
    const jobsBefore = await count(app, 'jobs');
    const limitsBefore = await count(app, 'rate_limits');
    const bad = await requestReset(app, 'not-an-email');
    expect(bad.statusCode).toBe(400);
    expect(bad.payload).toContain('Please enter a valid email address');
    expect(bad.payload).toMatch(/id="email"[^>]*aria-invalid="true"/);
    expect(bad.payload).toContain('value="not-an-email"');
    const tooLong = await requestReset(app, `${'a'.repeat(320)}@msp.example`);
    expect(tooLong.statusCode).toBe(400);
    expect(JSON.parse(tooLong.payload)).toMatchObject({ field: 'email' });
    expect(await count(app, 'jobs')).toBe(jobsBefore);
    expect(await count(app, 'rate_limits')).toBe(limitsBefore);
  });
});

describe.each(testDatabaseKinds)('Forgot password without email on $name', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind, { seed: false });
  });
  afterAll(() => app?.close());

  it('says to ask an administrator, and keeps nothing of a request', async () => {
    const user = await createTestUser(app.db, { status: 'approved', password: 'a long password here' });
    const page = await app.server.inject({ url: '/api/forgot-password' });
    expect(page.statusCode).toBe(200);
    expect(page.payload).toContain('This server does not send email');
    expect(page.payload).toContain('Ask an administrator');
    // The only administrator is not left stuck: the page names the command that resets a password.
    expect(page.payload).toContain('The only administrator?');
    expect(page.payload).toContain('npm run admin:create -- --email EMAIL --password PASSWORD');
    expect(page.payload).not.toContain('<form');
    const posted = await requestReset(app, user.email);
    expect(posted.statusCode).toBe(200);
    expect(posted.payload).toContain('Ask an administrator');
    // No job but the daily retention run the start queues.
    expect(await count(app, 'jobs', { kind: 'password_reset' })).toBe(0);
    expect(await count(app, 'user_invites')).toBe(0);
    expect((await app.db<UserRow>('users').where({ id: user.id }).first())!.password_hash).not.toBeNull();
  });
});
