import type { CurrentUser } from '@msp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookiesOf, createTestUser, signedInAs } from '../../test/auth-helpers.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-database.js';
import { SESSION_COOKIE } from './session.js';
import { SESSION_IDLE_MS } from './session-store.js';
import { passwordMeterUrl } from '../../http/password-meter.js';
import { issueSetupLink } from './setup-link.js';

const PASSWORD = 'correct horse battery staple';

/** Opens a founder setup link like a browser: the page, its CSRF cookie and the link's token. */
async function openSetupPage(app: TestApp, link: string) {
  const url = new URL(link);
  const page = await app.server.inject({ url: `${url.pathname}${url.search}` });
  return { page, crumb: cookiesOf(page.headers).crumb!, token: url.searchParams.get('token')! };
}

function submitSetupForm(app: TestApp, crumb: string, fields: Record<string, string>) {
  return app.server.inject({
    method: 'POST',
    url: '/api/setup',
    headers: { cookie: `crumb=${crumb}`, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ crumb, ...fields }).toString(),
  });
}

/** Opens the sign-in page like a browser: returns the CSRF cookie and the token in the form. */
async function openSignInPage(app: TestApp) {
  const page = await app.server.inject({ url: '/api/login' });
  const crumb = cookiesOf(page.headers).crumb!;
  expect(page.payload).toContain(`name="crumb" value="${crumb}"`);
  return { page, crumb };
}

async function submitSignIn(app: TestApp, email: string, password: string, remoteAddress = '192.0.2.10') {
  const { crumb } = await openSignInPage(app);
  return app.server.inject({
    method: 'POST',
    url: '/api/auth/local',
    headers: { cookie: `crumb=${crumb}`, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ email, password, crumb }).toString(),
    remoteAddress,
  });
}

describe.each(testDatabaseKinds)('sign-in and sessions on $name', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind, { seed: false, config: { founderEmail: 'founder@msp.example' } });
  });
  afterAll(() => app?.close());

  it('names no identity provider without single sign-on: sign-in stays on the server', async () => {
    const response = await app.request({ url: '/api/auth/sign-in-origins' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ identityProvider: [] });
  });

  it('answers 401 on /api/auth/user when nobody is signed in', async () => {
    const response = await app.server.inject({ url: '/api/auth/user' });
    expect(response.statusCode).toBe(401);
  });

  it('signs in with email and password, lands on /admin and knows the user', async () => {
    const user = await createTestUser(app.db, {
      role: 'admin',
      status: 'approved',
      password: PASSWORD,
      firstName: 'Ada',
    });
    const response = await submitSignIn(app, user.email.toUpperCase(), PASSWORD);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/admin');
    const cookies = cookiesOf(response.headers);
    expect(cookies[SESSION_COOKIE]).toBeTruthy();
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/msp_session=[^;]+;.*HttpOnly/);
    expect(setCookie).toMatch(/msp_session=[^;]+;.*SameSite=Lax/);

    const me = await app.request<CurrentUser>({
      url: '/api/auth/user',
      headers: { cookie: `${SESSION_COOKIE}=${cookies[SESSION_COOKIE]}` },
    });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      id: user.id,
      email: user.email,
      firstName: 'Ada',
      role: 'admin',
      status: 'approved',
    });
    // Only the hash of the session id is stored.
    const rows = await app.db('sessions').where({ user_id: user.id });
    expect(rows).toHaveLength(1);
    expect(cookies[SESSION_COOKIE]).not.toContain(rows[0].id_hash);
  });

  it('answers a generic message for a wrong password and for an unknown email alike', async () => {
    const user = await createTestUser(app.db, { role: 'admin', status: 'approved', password: PASSWORD });
    const wrong = await submitSignIn(app, user.email, 'not the password', '192.0.2.20');
    const unknown = await submitSignIn(app, 'nobody@msp.example', PASSWORD, '192.0.2.21');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    for (const response of [wrong, unknown]) expect(response.payload).toContain('Invalid email or password.');
    expect(cookiesOf(wrong.headers)[SESSION_COOKIE]).toBeUndefined();
  });

  it('refuses the sign-in form without its CSRF token', async () => {
    const user = await createTestUser(app.db, { role: 'admin', status: 'approved', password: PASSWORD });
    const response = await app.server.inject({
      method: 'POST',
      url: '/api/auth/local',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ email: user.email, password: PASSWORD }).toString(),
    });
    expect(response.statusCode).toBe(403);
  });

  it('makes the founder address an approved admin at sign-in', async () => {
    await createTestUser(app.db, {
      email: 'founder@msp.example',
      role: 'user',
      status: 'pending',
      password: PASSWORD,
    });
    const response = await submitSignIn(app, 'founder@msp.example', PASSWORD, '192.0.2.30');
    const cookie = `${SESSION_COOKIE}=${cookiesOf(response.headers)[SESSION_COOKIE]}`;
    const me = await app.request<CurrentUser>({ url: '/api/auth/user', headers: { cookie } });
    expect(me.body).toMatchObject({ role: 'admin', status: 'approved', isFounder: true });
  });

  it('logs out: the session row is gone and the cookie no longer works', async () => {
    const user = await createTestUser(app.db, { role: 'admin', status: 'approved' });
    const session = await signedInAs(app, user);
    const out = await app.server.inject({ url: '/api/logout', headers: session.headers });
    expect(out.statusCode).toBe(302);
    expect(out.headers.location).toBe('/');
    expect(await app.db('sessions').where({ user_id: user.id })).toHaveLength(0);
    const me = await app.server.inject({ url: '/api/auth/user', headers: session.headers });
    expect(me.statusCode).toBe(401);
    // A cookie whose session has ended is cleared from the browser it comes from.
    expect(cookiesOf(me.headers)[SESSION_COOKIE]).toBe('');
  });

  it('ends a session that has been idle too long', async () => {
    const user = await createTestUser(app.db, { role: 'admin', status: 'approved' });
    const session = await signedInAs(app, user);
    expect((await app.server.inject({ url: '/api/auth/user', headers: session.headers })).statusCode).toBe(
      200,
    );
    await app
      .db('sessions')
      .where({ user_id: user.id })
      .update({ last_seen_at: new Date(Date.now() - SESSION_IDLE_MS - 1000) });
    expect((await app.server.inject({ url: '/api/auth/user', headers: session.headers })).statusCode).toBe(
      401,
    );
  });

  it('ends a session past its absolute end', async () => {
    const user = await createTestUser(app.db, { role: 'admin', status: 'approved' });
    const session = await signedInAs(app, user);
    await app
      .db('sessions')
      .where({ user_id: user.id })
      .update({ expires_at: new Date(Date.now() - 1000) });
    expect((await app.server.inject({ url: '/api/auth/user', headers: session.headers })).statusCode).toBe(
      401,
    );
  });

  it('refuses a cookie-authenticated write without the CSRF token, and takes it with the token', async () => {
    const admin = await signedInAs(app, await createTestUser(app.db, { role: 'admin', status: 'approved' }));
    const payload = { email: `csrf-${Date.now()}@msp.example` };
    const withoutToken = await app.server.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: { cookie: admin.headers.cookie! },
      payload,
    });
    expect(withoutToken.statusCode).toBe(403);
    const wrongToken = await app.server.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: { ...admin.headers, 'x-csrf-token': 'forged' },
      payload,
    });
    expect(wrongToken.statusCode).toBe(403);
    expect(await app.db('users').where({ email: payload.email })).toHaveLength(0);
    const withToken = await app.server.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: admin.headers,
      payload,
    });
    expect(withToken.statusCode).toBe(201);
  });

  it('sends the CSRF cookie readable by scripts', async () => {
    const page = await app.server.inject({ url: '/api/login' });
    const setCookie = String(page.headers['set-cookie']);
    expect(setCookie).toContain('crumb=');
    expect(setCookie).not.toMatch(/crumb=[^;]+;[^,]*HttpOnly/);
  });
});

describe.each(testDatabaseKinds)('founder setup link on $name', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind, { seed: false });
  });
  afterAll(() => app?.close());

  const openSetup = (link: string) => openSetupPage(app, link);
  const submitSetup = (crumb: string, fields: Record<string, string>) => submitSetupForm(app, crumb, fields);

  it('creates the founder once, signs them in, and then stops working', async () => {
    const link = await issueSetupLink(app.db, 'http://localhost:5000');
    expect(link).toMatch(/^http:\/\/localhost:5000\/api\/setup\?token=/);
    const { page, crumb, token } = await openSetup(link!);
    expect(page.statusCode).toBe(200);
    expect(page.payload).toContain('Create the founder account');

    const weak = await submitSetup(crumb, { token, email: 'owner@msp.example', password: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.payload).toContain('at least 12 characters');
    expect(await app.db('users')).toHaveLength(0);

    // RFC 5321 allows no address past 254 characters.
    const longEmail = `${'o'.repeat(255 - '@msp.example'.length)}@msp.example`;
    const tooLong = await submitSetup(crumb, { token, email: longEmail, password: PASSWORD });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.payload).toContain('Please enter an email address of at most 254 characters');
    expect(await app.db('users')).toHaveLength(0);

    const created = await submitSetup(crumb, {
      token,
      email: 'Owner@MSP.example',
      firstName: 'Olu',
      password: PASSWORD,
    });
    expect(created.statusCode).toBe(303);
    expect(created.headers.location).toBe('/admin');
    const founder = await app.db('users').where({ email: 'owner@msp.example' }).first();
    expect(founder).toMatchObject({ role: 'admin', status: 'approved', is_founder: true, first_name: 'Olu' });

    // Used once; and no new link is issued while an admin exists.
    const reused = await openSetup(link!);
    expect(reused.page.statusCode).toBe(410);
    const again = await submitSetup(reused.crumb, {
      token,
      email: 'intruder@msp.example',
      password: PASSWORD,
    });
    expect(again.statusCode).toBe(410);
    expect(await app.db('users')).toHaveLength(1);
    expect(await issueSetupLink(app.db, 'http://localhost:5000')).toBeNull();
  });

  it('refuses an unknown token', async () => {
    const { page } = await openSetup('http://localhost:5000/api/setup?token=made-up');
    expect(page.statusCode).toBe(410);
  });
});

describe.each(testDatabaseKinds)('the founder password on $name', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind, { seed: false });
  });
  afterAll(() => app?.close());

  const openSetup = (link: string) => openSetupPage(app, link);
  const submitSetup = (crumb: string, fields: Record<string, string>) => submitSetupForm(app, crumb, fields);

  it('refuses a common, blank or guessable founder password, naming the field, and creates nobody', async () => {
    const { page, crumb, token } = await openSetup((await issueSetupLink(app.db, 'http://localhost:5000'))!);
    const nonce = page.payload.match(
      /<script nonce="([^"]+)" src="\/api\/auth\/password-meter\.js\?v=[\w-]+" defer>/,
    )?.[1];
    // The page's own policy lets its nonce'd scripts run, the meter included.
    expect(page.headers['content-security-policy']).toContain(`script-src 'nonce-${nonce}'`);
    expect(page.payload).toContain('id="password-strength"');
    for (const [password, message] of [
      ['123456789012', 'Password is too common: it is on a list of common and breached passwords.'],
      ['password1234', 'Password is too common: it is on a list of common and breached passwords.'],
      [' '.repeat(12), 'Password cannot be only spaces'],
      ['abcdefghijkl', 'Password is too easy to guess. Common character sequences like &quot;abc&quot;'],
    ]) {
      const refused = await submitSetup(crumb, { token, email: 'owner@msp.example', password: password! });
      expect(refused.statusCode, password).toBe(400);
      expect(refused.payload, password).toContain(message);
    }
    expect(await app.db('users')).toHaveLength(0);
    const created = await submitSetup(crumb, {
      token,
      email: 'owner@msp.example',
      password: 'lantern orbit tulip gravel',
    });
    expect(created.statusCode).toBe(303);
    expect(await app.db('users')).toHaveLength(1);
  });

  it('serves the strength meter with the dictionaries and the rule, kept for good under its versioned address', async () => {
    // The address the pages link, as they link it.
    const src = passwordMeterUrl();
    expect(src).toMatch(/^\/api\/auth\/password-meter\.js\?v=[\w-]{16}$/);
    const script = await app.server.inject({ url: src, headers: { 'accept-encoding': 'gzip' } });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.headers['content-encoding']).toBe('gzip');
    expect(script.headers['set-cookie']).toBeUndefined();
    const text = (await app.server.inject({ url: src })).payload;
    for (const part of [
      'this.zxcvbnts.core',
      'this.zxcvbnts["language-common"]',
      'this.zxcvbnts["language-en"]',
    ]) {
      expect(text).toContain(part);
    }
    expect(text).not.toContain('})(__PASSWORD_RULE__);');
    expect(text).toContain('"minScore":3');
    expect(text).toContain(JSON.stringify('Password cannot be only spaces'));

    const stale = await app.server.inject({ url: '/api/auth/password-meter.js?v=old' });
    expect(stale.headers['cache-control']).toBe('no-cache');
    const again = await app.server.inject({
      url: src,
      headers: { 'if-none-match': script.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });
});
