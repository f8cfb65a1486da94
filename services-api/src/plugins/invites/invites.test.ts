import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { AdminUser, CreatedUser, ErrorBody, UserInvite } from '@msp/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  cookiesOf,
  createTestUser,
  signedInAs,
  submitSignIn,
  type SignedIn,
} from '../../test/auth-helpers.js';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp-server.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-database.js';
import { SESSION_COOKIE } from '../auth/session.js';
import type { UserRow } from '../../db/tables.js';
import { currentUserOf, nextAddress, openInvite, tableText, tokenOf } from '../../test/invite-helpers.js';

const PASSWORD = 'a brand new long password';
/** What the probe found accepted, and what each is answered with now. */
const WEAK_PASSWORDS = [
  ['123456789012', 'Password is too common: it is on a list of common and breached passwords.'],
  ['password1234', 'Password is too common: it is on a list of common and breached passwords.'],
  [' '.repeat(12), 'Password cannot be only spaces'],
  [
    'aaaaaaaaaaaa',
    'Password is too easy to guess. Repeated characters like &quot;aaa&quot; are easy to guess.',
  ],
] as const;
const GOOD_PASSPHRASE = 'lantern orbit tulip gravel';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** Signs in on the sign-in page from an address of its own. */
const signInWithPassword = (app: TestApp, email: string, password: string) =>
  submitSignIn(app, email, password, nextAddress());

describe.each(testDatabaseKinds)('invite and reset links on $name', (kind) => {
  let app: TestApp;
  let admin: SignedIn;

  const call = <T = CreatedUser & ErrorBody>(method: string, url: string, payload?: object) =>
    app.request<T>({ method, url, payload, headers: admin.headers });
  const createUser = (email: string, extra: object = {}) =>
    call('POST', '/api/admin/users', { email, firstName: 'Ivy', ...extra });
  const invite = (userId: number) =>
    call<UserInvite & ErrorBody>('POST', `/api/admin/users/${userId}/invite`);

  beforeAll(async () => {
    // Logging every request, so a test can see that no link reaches the log.
    app = await startTestApp(kind, {
      seed: false,
      config: { founderEmail: 'founder@msp.example' },
      env: { LOG_LEVEL: 'info' },
    });
    admin = await signedInAs(app, await createTestUser(app.db, { role: 'admin', status: 'approved' }));
  });
  afterAll(() => app?.close());

  it('creates a user with a one-time invite link, storing only its hash, and no email without SMTP', async () => {
    const { status, body } = await createUser('ivy@msp.example');
    expect(status).toBe(201);
    expect(body).toMatchObject({ email: 'ivy@msp.example', status: 'pending', hasPassword: false });
    expect(body.invite).toMatchObject({ purpose: 'invite', emailQueued: false });
    expect(body.invite.url).toMatch(/^http:\/\/localhost:\d+\/api\/invite\?token=[\w-]{43}$/);
    const days = (new Date(body.invite.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    const token = tokenOf(body.invite.url);
    const row = await app.db('user_invites').where({ user_id: body.id }).first();
    expect(row).toMatchObject({ token_hash: sha256(token), purpose: 'invite', created_by: admin.user.id });
    for (const table of ['user_invites', 'jobs', 'users'])
      expect(await tableText(app, table)).not.toContain(token);
    expect(Number((await app.db('jobs').where({ kind: 'invite_email' }).count({ n: '*' }))[0]!.n)).toBe(0);
    // No .eml with a live link left on disk either.
    const outbox = await readdir(path.join(app.config.dataDir, 'outbox')).catch(() => []);
    expect(outbox).toEqual([]);
  });

  it('lets the invited person set a password of 12 or more characters, then signs them in as they are', async () => {
    const created = (await createUser('new.hire@msp.example')).body;
    const { page, submit } = await openInvite(app, created.invite.url);
    expect(page.statusCode).toBe(200);
    expect(page.payload).toContain('<h1>Set your password</h1>');
    expect(page.payload).toContain('value="new.hire@msp.example"');
    expect(page.payload).toContain('At least 12 characters.');

    const short = await submit('elevenchars');
    expect(short.statusCode).toBe(400);
    expect(short.payload).toContain('Password must be at least 12 characters');
    expect(short.payload).toMatch(/id="password"[^>]*aria-invalid="true"/);
    expect((await app.db<UserRow>('users').where({ id: created.id }).first())!.password_hash).toBeNull();

    const done = await submit(PASSWORD);
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('/admin');
    const me = await currentUserOf(app, done.headers);
    expect(me.body).toMatchObject({ email: 'new.hire@msp.example', status: 'pending', role: 'user' });

    const logs = app.logs();
    // Logged, by the route's name: so the token below was there to be written, and was not.
    expect(logs).toContain('acceptInvite');
    expect(logs).not.toContain(tokenOf(created.invite.url));
    expect(logs).not.toContain(PASSWORD);

    const again = await signInWithPassword(app, 'new.hire@msp.example', PASSWORD);
    expect(again.statusCode).toBe(303);
    const list = await call<AdminUser[]>('GET', '/api/admin/users');
    expect(list.body.find((u) => u.id === created.id)).toMatchObject({
      hasPassword: true,
      usesSingleSignOn: false,
    });
  });

  it('explains a used link, and does not let it set a password twice', async () => {
    const created = (await createUser('used@msp.example')).body;
    const first = await openInvite(app, created.invite.url);
    expect((await first.submit(PASSWORD)).statusCode).toBe(303);
    const hashAfterFirst = (await app.db<UserRow>('users').where({ id: created.id }).first())!.password_hash;

    const { page, submit } = await openInvite(app, created.invite.url);
    expect(page.statusCode).toBe(410);
    expect(page.payload).toContain('This link has already been used');
    const second = await submit('someone elses password');
    expect(second.statusCode).toBe(410);
    expect(second.payload).toContain('This link has already been used');
    expect(cookiesOf(second.headers)[SESSION_COOKIE]).toBeUndefined();
    expect((await app.db<UserRow>('users').where({ id: created.id }).first())!.password_hash).toBe(
      hashAfterFirst,
    );
  });

  it('explains an expired link', async () => {
    const created = (await createUser('late@msp.example')).body;
    await app
      .db('user_invites')
      .where({ user_id: created.id })
      .update({ expires_at: new Date(Date.now() - 1000) });
    const { page, submit } = await openInvite(app, created.invite.url);
    expect(page.statusCode).toBe(410);
    expect(page.payload).toContain('This link has expired');
    expect(page.payload).toContain(
      'Links from an administrator work for 7 days, and links from Forgot password for 30 minutes.',
    );
    expect((await submit(PASSWORD)).statusCode).toBe(410);
    expect((await app.db<UserRow>('users').where({ id: created.id }).first())!.password_hash).toBeNull();
  });

  it('explains a link that was replaced by a newer one, and one that never existed', async () => {
    const created = (await createUser('twice.invited@msp.example')).body;
    const newer = await invite(created.id);
    expect(newer.status).toBe(201);
    expect(newer.body.purpose).toBe('invite');
    const old = await openInvite(app, created.invite.url);
    expect(old.page.statusCode).toBe(410);
    expect(old.page.payload).toContain('This link has been replaced');
    expect((await (await openInvite(app, newer.body.url)).submit(PASSWORD)).statusCode).toBe(303);

    const madeUp = await openInvite(
      app,
      'http://localhost/api/invite?token=made-up-token-that-is-long-enough',
    );
    expect(madeUp.page.statusCode).toBe(410);
    expect(madeUp.page.payload).toContain('This link is not valid');
  });

  it('refuses common, blank and guessable passwords on invite and reset links, and keeps a good passphrase', async () => {
    const invited = (await createUser('careful@msp.example')).body;
    const resetting = await createTestUser(app.db, { status: 'approved', password: 'the old long password' });
    const links = [invited.invite.url, (await invite(resetting.id)).body.url];
    for (const [url, userId, email] of [
      [links[0]!, invited.id, invited.email],
      [links[1]!, resetting.id, resetting.email],
    ] as const) {
      const hashBefore = (await app.db<UserRow>('users').where({ id: userId }).first())!.password_hash;
      const { page, submit } = await openInvite(app, url);
      expect(page.payload).toMatch(
        /<script nonce="[^"]+" src="\/api\/auth\/password-meter\.js\?v=[\w-]+" defer>/,
      );
      expect(page.payload).toContain('id="password-strength"');
      for (const [password, message] of WEAK_PASSWORDS) {
        const refused = await submit(password);
        expect(refused.statusCode, password).toBe(400);
        expect(refused.payload, password).toContain(message);
        expect(refused.payload).toMatch(/id="password"[^>]*aria-invalid="true"/);
        // The page comes back with its meter, to try again.
        expect(refused.payload).toContain('id="password-strength"');
      }
      // The account's own address is no secret.
      const named = await submit(`${email}1`);
      expect(named.statusCode).toBe(400);
      expect(named.payload).toContain('Password is too easy to guess.');
      const user = await app.db<UserRow>('users').where({ id: userId }).first();
      expect(user!.password_hash).toBe(hashBefore);
      expect(await app.db('user_invites').where({ user_id: userId }).whereNotNull('used_at')).toHaveLength(0);

      const done = await submit(GOOD_PASSPHRASE);
      expect(done.statusCode).toBe(303);
      expect((await currentUserOf(app, done.headers)).body.id).toBe(userId);
    }
  });

  it("resets a local user's password: the old one and every session end when the new one is set", async () => {
    const user = await createTestUser(app.db, { status: 'approved', password: 'the old long password' });
    const oldSession = await signedInAs(app, user);
    const reset = await invite(user.id);
    expect(reset.status).toBe(201);
    expect(reset.body).toMatchObject({ purpose: 'reset', emailQueued: false });
    // Until the link is used, the old password still works.
    expect((await signInWithPassword(app, user.email, 'the old long password')).statusCode).toBe(303);

    const { page, submit } = await openInvite(app, reset.body.url);
    expect(page.payload).toContain('<h1>Choose a new password</h1>');
    const done = await submit('the new long password');
    expect(done.statusCode).toBe(303);
    expect((await currentUserOf(app, done.headers)).body.email).toBe(user.email);
    expect((await app.request({ url: '/api/auth/user', headers: oldSession.headers })).status).toBe(401);
    expect((await signInWithPassword(app, user.email, 'the old long password')).statusCode).toBe(401);
    expect((await signInWithPassword(app, user.email, 'the new long password')).statusCode).toBe(303);
  });

  it('refuses links for single sign-on and denied users, for the founder by others, and for nobody', async () => {
    const sso = await createTestUser(app.db, { status: 'approved' });
    await app
      .db('users')
      .where({ id: sso.id })
      .update({ oidc_issuer: 'https://idp.example', oidc_subject: 's-1' });
    const ssoRefusal = await invite(sso.id);
    expect(ssoRefusal.status).toBe(409);
    expect(ssoRefusal.body.message).toBe(
      'This user signs in with single sign-on, so there is no password to set',
    );

    const denied = await createTestUser(app.db, { status: 'denied' });
    expect((await invite(denied.id)).status).toBe(409);

    const founder = await createTestUser(app.db, {
      email: 'founder@msp.example',
      role: 'admin',
      status: 'approved',
      isFounder: true,
      password: 'the founders own password',
    });
    const founderRefusal = await invite(founder.id);
    expect(founderRefusal.status).toBe(409);
    expect(founderRefusal.body.message).toBe("Only the founder can reset the founder's password");
    const asFounder = await app.request<UserInvite>({
      method: 'POST',
      url: `/api/admin/users/${founder.id}/invite`,
      headers: (await signedInAs(app, founder)).headers,
    });
    expect(asFounder.status).toBe(201);

    expect((await invite(999_999)).status).toBe(404);
    const malformed = await invite('abc' as unknown as number);
    expect(malformed.status).toBe(400);
    expect(malformed.body.field).toBe('params.userId');
    expect(
      Number((await app.db('user_invites').whereIn('user_id', [sso.id, denied.id]).count({ n: '*' }))[0]!.n),
    ).toBe(0);
  });

  it('creates nobody when the invite cannot be made, and no link for a refused user', async () => {
    const before = Number((await app.db('user_invites').count({ n: '*' }))[0]!.n);
    const refused = await createUser('not-an-email');
    expect(refused.status).toBe(400);
    expect(refused.body.field).toBe('email');
    expect(Number((await app.db('user_invites').count({ n: '*' }))[0]!.n)).toBe(before);
  });

  it('limits password attempts per client address', async () => {
    const created = (await createUser('limited@msp.example')).body;
    const { submit } = await openInvite(app, created.invite.url, '203.0.113.99');
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await submit('short')).statusCode);
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
    // Even the right password waits now; another address is not held up.
    const blocked = await submit(PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.payload).toContain('Please wait 15 minutes and try again.');
    const elsewhere = await openInvite(app, created.invite.url);
    expect((await elsewhere.submit(PASSWORD)).statusCode).toBe(303);
  });
});

describe.each(testDatabaseKinds)('invite emails through SMTP on $name', (kind) => {
  let app: TestApp;
  let smtp: TestSmtpServer;
  let admin: SignedIn;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await startTestApp(kind, {
      seed: false,
      env: { SMTP_URL: smtp.url, PRODUCT_NAME: 'Maturity Check' },
      jobs: { pollIntervalMs: 50, retryDelaysMs: [0] },
    });
    admin = await signedInAs(app, await createTestUser(app.db, { role: 'admin', status: 'approved' }));
  });
  beforeEach(() => smtp.reset());
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  const jobOf = async (inviteId: number) => {
    const rows = await app.db('jobs').where({ kind: 'invite_email' }).orderBy('id');
    return rows.find((row) => Number(row.payload.inviteId) === inviteId);
  };

  /** Waits until the job has settled; the worker runs it in the background. */
  async function settled(inviteId: number) {
    for (;;) {
      const job = await jobOf(inviteId);
      if (job && (job.status === 'succeeded' || job.status === 'failed')) return job;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  it('emails the link of a new user, then keeps no copy of the token', async () => {
    const created = await app.request<CreatedUser>({
      method: 'POST',
      url: '/api/admin/users',
      payload: { email: 'mailed@msp.example', firstName: 'Mae' },
      headers: admin.headers,
    });
    expect(created.body.invite.emailQueued).toBe(true);
    const [mail] = await smtp.waitForMessages(1);
    expect(mail!.envelope.rcptTo).toEqual(['mailed@msp.example']);
    expect(mail!.parsed.subject).toBe("You're invited to Maturity Check");
    expect(mail!.parsed.text).toContain(created.body.invite.url);
    expect(mail!.parsed.text).toContain('Hello Mae,');
    expect(mail!.parsed.html).toContain(created.body.invite.url);

    const inviteId = (await app.db('user_invites').where({ user_id: created.body.id }).first()).id as number;
    const job = await settled(inviteId);
    expect(job.status).toBe('succeeded');
    const token = tokenOf(created.body.invite.url);
    expect(await tableText(app, 'jobs')).not.toContain(token);
    expect(await tableText(app, 'user_invites')).not.toContain(token);
    // The emailed link works.
    expect(
      (await (await openInvite(app, mail!.parsed.text!.match(/http\S+/)![0])).submit(PASSWORD)).statusCode,
    ).toBe(303);
  });

  it('retries a refused send with the same link, and erases the token when the job gives up', async () => {
    smtp.rejectNext(1, { code: 451 });
    const user = await createTestUser(app.db, { status: 'approved', password: 'the old long password' });
    const reset = await app.request<UserInvite>({
      method: 'POST',
      url: `/api/admin/users/${user.id}/invite`,
      headers: admin.headers,
    });
    const [mail] = await smtp.waitForMessages(1);
    expect(mail!.parsed.subject).toBe('Set a new password for Maturity Check');
    expect(mail!.parsed.text).toContain(reset.body.url);
    const inviteId = (await app.db('user_invites').where({ user_id: user.id }).first()).id as number;
    const job = await settled(inviteId);
    expect(job).toMatchObject({ status: 'succeeded', attempts: 2 });
    expect(job.payload.token).toBeUndefined();

    smtp.rejectNext(1, { code: 550, message: 'No such mailbox' });
    const again = await app.request<UserInvite>({
      method: 'POST',
      url: `/api/admin/users/${user.id}/invite`,
      headers: admin.headers,
    });
    const newerId = (await app.db('user_invites').where({ user_id: user.id }).orderBy('id', 'desc').first())
      .id as number;
    const failed = await settled(newerId);
    expect(failed.status).toBe('failed');
    expect(failed.payload.token).toBeUndefined();
    expect(await tableText(app, 'jobs')).not.toContain(tokenOf(again.body.url));
  });

  it('takes the token out of a waiting email job when its link is replaced', async () => {
    await app.server.app.ctx.jobs.stop();
    const user = await createTestUser(app.db);
    const first = await app.request<UserInvite>({
      method: 'POST',
      url: `/api/admin/users/${user.id}/invite`,
      headers: admin.headers,
    });
    const firstId = (await app.db('user_invites').where({ user_id: user.id }).first()).id as number;
    expect((await jobOf(firstId)).payload.token).toBe(tokenOf(first.body.url));
    await app.request({ method: 'POST', url: `/api/admin/users/${user.id}/invite`, headers: admin.headers });
    // Replacing the link took its token out of the waiting job at once.
    expect((await jobOf(firstId)).payload.token).toBeUndefined();
  });
});
