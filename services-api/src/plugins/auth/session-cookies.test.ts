import type { CurrentUser } from '@msp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookiesOf, createTestUser, signedInAs } from '../../test/auth-helpers.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-database.js';

const PASSWORD = 'correct horse battery staple';

describe.each(testDatabaseKinds)('session cookies, CSRF tokens and sign-out on $name', (kind) => {
  let app: TestApp;
  let secure: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind, { seed: false });
    secure = await startTestApp(kind, { seed: false, env: { PUBLIC_URL: 'https://assess.msp.example' } });
  });
  afterAll(async () => {
    await app?.close();
    await secure?.close();
  });

  /** Signs in through the form, as a browser does, planting `plantedCrumb` as the CSRF cookie. */
  async function signIn(target: TestApp, email: string, plantedCrumb?: string) {
    const page = await target.server.inject({ url: '/api/login' });
    const names = Object.keys(cookiesOf(page.headers));
    const csrfName = names.find((name) => name.endsWith('crumb'))!;
    const crumb = plantedCrumb ?? cookiesOf(page.headers)[csrfName]!;
    const response = await target.server.inject({
      method: 'POST',
      url: '/api/auth/local',
      headers: { cookie: `${csrfName}=${crumb}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ email, password: PASSWORD, crumb }).toString(),
    });
    return { response, csrfName, crumb };
  }

  it('names the cookies with the __Host- prefix on https, Secure, for the whole host', async () => {
    const user = await createTestUser(secure.db, { role: 'admin', status: 'approved', password: PASSWORD });
    const { response, csrfName } = await signIn(secure, user.email);
    expect(csrfName).toBe('__Host-crumb');
    expect(response.statusCode).toBe(303);
    const setCookies = [response.headers['set-cookie']].flat().map(String);
    for (const name of ['__Host-msp_session', '__Host-crumb']) {
      const cookie = setCookies.find((line) => line.startsWith(`${name}=`));
      expect(cookie, name).toBeTruthy();
      expect(cookie).toContain('Secure');
      expect(cookie).toContain('Path=/');
      expect(cookie).not.toMatch(/Domain=/i);
    }
    // The session works under its new name, and writes take the token from either source.
    const cookies = cookiesOf(response.headers);
    const cookie = `__Host-msp_session=${cookies['__Host-msp_session']}; __Host-crumb=${cookies['__Host-crumb']}`;
    const me = await secure.server.inject({ url: '/api/auth/user', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.headers['x-csrf-token']).toBe(cookies['__Host-crumb']);
    const created = await secure.server.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: { cookie, 'x-csrf-token': String(me.headers['x-csrf-token']) },
      payload: { email: `host-${Date.now()}@msp.example` },
    });
    expect(created.statusCode).toBe(201);
  });

  it('keeps plain names on http, where the prefix is not allowed', async () => {
    const page = await app.server.inject({ url: '/api/login' });
    expect(Object.keys(cookiesOf(page.headers))).toContain('crumb');
  });

  it('replaces the CSRF token at sign-in, so one planted before is worthless after', async () => {
    const user = await createTestUser(app.db, { role: 'admin', status: 'approved', password: PASSWORD });
    const planted = 'attacker-chosen-token-attacker-chosen-token';
    const { response } = await signIn(app, user.email, planted);
    expect(response.statusCode).toBe(303);
    const issued = cookiesOf(response.headers);
    expect(issued.crumb).toBeTruthy();
    expect(issued.crumb).not.toBe(planted);
    const session = `msp_session=${issued.msp_session}`;
    const payload = { email: `planted-${Date.now()}@msp.example` };
    // The attacker's cookie and header still match each other, but not the session.
    const forged = await app.server.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: { cookie: `${session}; crumb=${planted}`, 'x-csrf-token': planted },
      payload,
    });
    expect(forged.statusCode).toBe(403);
    expect(await app.db('users').where({ email: payload.email })).toHaveLength(0);
    const genuine = await app.server.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: { cookie: `${session}; crumb=${issued.crumb}`, 'x-csrf-token': issued.crumb! },
      payload,
    });
    expect(genuine.statusCode).toBe(201);
  });

  it('gives a signed-in browser with a stale CSRF cookie its session token on the next read', async () => {
    const admin = await signedInAs(app, await createTestUser(app.db, { role: 'admin', status: 'approved' }));
    const session = admin.headers.cookie!.split(';')[0]!;
    const me = await app.server.inject({
      url: '/api/auth/user',
      headers: { cookie: `${session}; crumb=old` },
    });
    expect(me.statusCode).toBe(200);
    expect(cookiesOf(me.headers).crumb).toBe(admin.headers['x-csrf-token']);
  });

  describe('GET /api/logout', () => {
    it('signs out at once when the admin follows the portal’s own link', async () => {
      const user = await createTestUser(app.db, { role: 'admin', status: 'approved' });
      const { headers } = await signedInAs(app, user);
      const out = await app.server.inject({
        url: '/api/logout',
        headers: { ...headers, 'sec-fetch-site': 'same-origin' },
      });
      expect(out.statusCode).toBe(302);
      expect(out.headers.location).toBe('/');
      expect(await app.db('sessions').where({ user_id: user.id })).toHaveLength(0);
    });

    for (const [label, crossSite] of [
      ['a link on another site', { 'sec-fetch-site': 'cross-site' }],
      ['a sibling subdomain', { 'sec-fetch-site': 'same-site' }],
      ['another origin, from a browser without Sec-Fetch-Site', { origin: 'https://evil.example' }],
    ] as const) {
      it(`asks first when followed from ${label}, and signs out only on the confirmation`, async () => {
        const user = await createTestUser(app.db, { role: 'admin', status: 'approved' });
        const { headers } = await signedInAs(app, user);
        const page = await app.server.inject({ url: '/api/logout', headers: { ...headers, ...crossSite } });
        expect(page.statusCode).toBe(200);
        expect(page.payload).toContain('<h1>Sign out?</h1>');
        expect(page.payload).toContain('<form method="post" action="/api/logout">');
        expect(page.headers['content-security-policy']).toContain("form-action 'self'");
        const me = await app.request<CurrentUser>({ url: '/api/auth/user', headers });
        expect(me.status).toBe(200);

        const crumb = /name="crumb" value="([^"]+)"/.exec(page.payload)![1]!;
        expect(crumb).toBe(headers['x-csrf-token']);
        const form = (fields: Record<string, string>) =>
          app.server.inject({
            method: 'POST',
            url: '/api/logout',
            headers: { cookie: headers.cookie!, 'content-type': 'application/x-www-form-urlencoded' },
            payload: new URLSearchParams(fields).toString(),
          });
        expect((await form({})).statusCode).toBe(403);
        expect((await app.request({ url: '/api/auth/user', headers })).status).toBe(200);
        const confirmed = await form({ crumb });
        expect(confirmed.statusCode).toBe(303);
        expect(confirmed.headers.location).toBe('/');
        expect(await app.db('sessions').where({ user_id: user.id })).toHaveLength(0);
      });
    }
  });
});
