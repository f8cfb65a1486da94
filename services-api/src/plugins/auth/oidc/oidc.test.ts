import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import type { CurrentUser } from '@msp/shared';
import {
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  SignJWT,
  type CryptoKey,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startOidcServer, type TestOidcServer } from '../../../test/oidc-server.js';
import { startTestApp, type TestApp } from '../../../test/test-app.js';
import { testDatabaseKinds } from '../../../test/test-database.js';
import type { UserRow } from '../../../db/tables.js';
import { identityFromClaims, verifyIdToken, type IdTokenExpectations } from './id-token.js';
import {
  OIDC_NONCE_COOKIE,
  OIDC_STATE_COOKIE,
  SSO_FAILED_MESSAGE,
  SSO_UNAVAILABLE_MESSAGE,
} from './index.js';
import { userForIdentity } from './oidc-users.js';

const ISSUER = 'https://login.example.test/tenant-1/v2.0';
const CLIENT_ID = 'msp-portal';

describe('ID token verification', () => {
  let signingKey: CryptoKey;
  let otherKey: CryptoKey;
  let keys: JWTVerifyGetKey;
  const expected = (overrides: Partial<IdTokenExpectations> = {}): IdTokenExpectations => ({
    issuer: ISSUER,
    clientId: CLIENT_ID,
    nonce: 'nonce-1',
    keys,
    ...overrides,
  });
  const now = () => Math.floor(Date.now() / 1000);
  /** An ID token with good claims unless overridden (undefined removes a claim). */
  const token = (claims: JWTPayload = {}, key?: CryptoKey) =>
    new SignJWT({
      iss: ISSUER,
      aud: CLIENT_ID,
      sub: 'subject-1',
      nonce: 'nonce-1',
      email: 'Dana@Northwind-IT.example',
      email_verified: true,
      iat: now(),
      exp: now() + 300,
      ...claims,
    })
      .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
      .sign(key ?? signingKey);

  beforeAll(async () => {
    const signing = await generateKeyPair('ES256', { extractable: true });
    signingKey = signing.privateKey;
    ({ privateKey: otherKey } = await generateKeyPair('ES256'));
    // What createRemoteJWKSet would fetch from the issuer's jwks_uri.
    keys = createLocalJWKSet({
      keys: [{ ...(await exportJWK(signing.publicKey)), kid: 'k1', alg: 'ES256' }],
    });
  });

  it('accepts a token signed by the issuer for this client and this sign-in', async () => {
    const claims = await verifyIdToken(await token(), expected());
    expect(claims).toMatchObject({ sub: 'subject-1', iss: ISSUER, aud: CLIENT_ID, nonce: 'nonce-1' });
  });

  it.each([
    ['a wrong audience', { aud: 'another-app' }, /ERR_JWT_CLAIM_VALIDATION_FAILED.*"aud"/],
    ['a wrong issuer', { iss: 'https://evil.example.test' }, /ERR_JWT_CLAIM_VALIDATION_FAILED.*"iss"/],
    ['an expired token', { iat: now() - 7200, exp: now() - 3600 }, /ERR_JWT_EXPIRED/],
    ['a nonce from another sign-in', { nonce: 'nonce-2' }, /nonce does not match/],
    ['a token without nonce', { nonce: undefined }, /nonce does not match/],
    ['several audiences and no authorized party', { aud: [CLIENT_ID, 'another-app'] }, /authorized party/],
    ['an authorized party that is another client', { azp: 'another-app' }, /authorized party/],
  ])('rejects %s', async (_case, claims, reason) => {
    await expect(verifyIdToken(await token(claims), expected())).rejects.toThrow(reason);
  });

  it('rejects a token signed by another key, a lost nonce cookie and a missing token', async () => {
    await expect(verifyIdToken(await token({}, otherKey), expected())).rejects.toThrow(
      /ERR_JWS_SIGNATURE_VERIFICATION_FAILED/,
    );
    await expect(verifyIdToken(await token(), expected({ nonce: undefined }))).rejects.toThrow(
      /nonce cookie/,
    );
    await expect(verifyIdToken(undefined, expected())).rejects.toThrow(/no id_token/);
  });

  it('tolerates a minute of clock difference, not more', async () => {
    const iat = now() - 600;
    await expect(verifyIdToken(await token({ iat, exp: now() - 30 }), expected())).resolves.toBeDefined();
    await expect(verifyIdToken(await token({ iat, exp: now() - 90 }), expected())).rejects.toThrow(
      /ERR_JWT_EXPIRED/,
    );
  });
});

describe('identity from claims', () => {
  const base = { sub: 'subject-1', email: ' Dana@Northwind-IT.example ', email_verified: true };
  const trusted = { trustEmail: true };
  const untrusted = { trustEmail: false };

  it('takes the subject, the lower-cased email, names and an http(s) picture', () => {
    expect(
      identityFromClaims(
        ISSUER,
        { ...base, given_name: 'Dana', family_name: 'Reyes', picture: 'https://img.test/d.png' },
        undefined,
        untrusted,
      ),
    ).toEqual({
      issuer: ISSUER,
      subject: 'subject-1',
      email: 'dana@northwind-it.example',
      givenName: 'Dana',
      familyName: 'Reyes',
      pictureUrl: 'https://img.test/d.png',
    });
  });

  it('splits a display name when given and family names are absent, and ignores odd pictures', () => {
    const identity = identityFromClaims(
      ISSUER,
      { ...base, name: 'Dana  de la Reyes', picture: 'javascript:alert(1)' },
      undefined,
      untrusted,
    );
    expect(identity).toMatchObject({ givenName: 'Dana', familyName: 'de la Reyes', pictureUrl: null });
  });

  it('requires a verified email, and takes a missing flag as unverified unless the issuer is trusted', () => {
    expect(() => identityFromClaims(ISSUER, { sub: 'subject-1' }, undefined, untrusted)).toThrow(
      /no email address/,
    );
    for (const rules of [untrusted, trusted]) {
      expect(() => identityFromClaims(ISSUER, { ...base, email_verified: false }, undefined, rules)).toThrow(
        /not verified/,
      );
      expect(() =>
        identityFromClaims(ISSUER, { ...base, email_verified: 'false' }, undefined, rules),
      ).toThrow(/not verified/);
    }
    expect(() =>
      identityFromClaims(ISSUER, { ...base, email: 'not-an-address' }, undefined, untrusted),
    ).toThrow(/not valid/);
    expect(identityFromClaims(ISSUER, { ...base, email_verified: 'true' }, undefined, untrusted).email).toBe(
      'dana@northwind-it.example',
    );
    // Providers such as Entra ID send no email_verified at all: only a trusted issuer's address counts.
    const unflagged = { sub: 'subject-1', email: 'a@b.example' };
    expect(() => identityFromClaims(ISSUER, unflagged, undefined, untrusted)).toThrow(
      /did not say the email address a@b\.example is verified/,
    );
    expect(identityFromClaims(ISSUER, unflagged, undefined, trusted).email).toBe('a@b.example');
  });

  it('completes a small ID token from userinfo about the same subject only', () => {
    const userinfo = { ...base, given_name: 'Dana' };
    expect(identityFromClaims(ISSUER, { sub: 'subject-1' }, userinfo, untrusted)).toMatchObject({
      email: 'dana@northwind-it.example',
      givenName: 'Dana',
    });
    expect(() =>
      identityFromClaims(ISSUER, { sub: 'subject-1' }, { ...userinfo, sub: 'someone-else' }, untrusted),
    ).toThrow(/userinfo subject/);
  });
});

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Cookies as a browser would keep them, for the handful of names these flows use. */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(setCookie: string | string[] | undefined | null) {
    for (const line of [setCookie ?? []].flat()) {
      const [pair] = line.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      if (value && !/expires=Thu, 01 Jan 1970/i.test(line) && !/max-age=0\b/i.test(line))
        this.cookies.set(name, value);
      else this.cookies.delete(name);
    }
  }
  has(name: string) {
    return this.cookies.has(name);
  }
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * Follows the authorization request through the provider's sign-in and consent pages the way a
 * browser would, and returns the URL the provider sends the browser back to.
 */
async function signInAtProvider(
  authorizeUrl: string,
  login: string,
  redirectPrefix: string,
): Promise<string> {
  const jar = new CookieJar();
  let url = authorizeUrl;
  let form: URLSearchParams | undefined;
  for (let step = 0; step < 12; step++) {
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: jar.header(), ...(form && { 'content-type': 'application/x-www-form-urlencoded' }) },
      body: form,
    });
    jar.store(response.headers.getSetCookie());
    form = undefined;
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, url).toString();
      if (next.startsWith(redirectPrefix)) return next;
      url = next;
      continue;
    }
    const html = await response.text();
    const action = html.match(/<form[^>]*action="([^"]+)"/)?.[1];
    const prompt = html.match(/name="prompt" value="(\w+)"/)?.[1];
    if (!action || !prompt)
      throw new Error(`unexpected provider page (${response.status}): ${html.slice(0, 500)}`);
    url = new URL(action, url).toString();
    form = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any password' } : { prompt });
  }
  throw new Error('the provider never redirected back');
}

describe.each(testDatabaseKinds)('single sign-on on $name', (kind) => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  describe('when the provider cannot be used at start-up', () => {
    let app: TestApp | undefined;
    let mismatched: http.Server | undefined;
    afterEach(async () => {
      await app?.close();
      app = undefined;
      await new Promise((resolve) => (mismatched ? mismatched.close(resolve) : resolve(undefined)));
      mismatched = undefined;
    });

    const start = (issuer: string) =>
      startTestApp(kind, {
        seed: false,
        env: {
          OIDC_ISSUER: issuer,
          OIDC_CLIENT_ID: CLIENT_ID,
          OIDC_CLIENT_SECRET: 'secret',
          OIDC_DISPLAY_NAME: 'Contoso',
        },
      });

    it('starts without single sign-on, says why, and local sign-in still shows', async () => {
      const issuer = `http://127.0.0.1:${await closedPort()}`;
      app = await start(issuer);
      expect(app.logs()).toMatch(
        new RegExp(
          `Single sign-on is OFF.*${issuer}/\\.well-known/openid-configuration could not be fetched`,
        ),
      );

      const login = await app.request<string>({ url: '/api/login' });
      expect(login.status).toBe(200);
      expect(login.body).not.toContain('Sign in with');
      expect(login.body).not.toContain('/api/auth/oidc');
      expect(login.body).toContain('action="/api/auth/local"');

      const sso = await app.request<string>({ url: '/api/auth/oidc' });
      expect(sso.status).toBe(503);
      expect(sso.body).toContain(SSO_UNAVAILABLE_MESSAGE);
      // Nowhere to sign in but the server itself.
      const origins = await app.request({ url: '/api/auth/sign-in-origins' });
      expect(origins.body).toEqual({ identityProvider: [] });
    });

    it('refuses a discovery document that describes another issuer', async () => {
      mismatched = http.createServer((_req, res) => {
        res.setHeader('content-type', 'application/json');
        res.end(
          JSON.stringify({
            issuer: 'https://someone-else.example.test',
            authorization_endpoint: 'https://someone-else.example.test/authorize',
            token_endpoint: 'https://someone-else.example.test/token',
            jwks_uri: 'https://someone-else.example.test/jwks',
          }),
        );
      });
      await new Promise<void>((resolve) => mismatched!.listen(0, '127.0.0.1', resolve));
      app = await start(`http://127.0.0.1:${(mismatched.address() as AddressInfo).port}`);
      expect(app.logs()).toMatch(/describes the issuer https:\/\/someone-else\.example\.test/);
      expect((await app.request<string>({ url: '/api/login' })).body).not.toContain('Sign in with');
    });
  });

  describe('against a real OpenID Connect provider', () => {
    const PUBLIC_URL = 'http://127.0.0.1:5999';
    const REDIRECT_URI = `${PUBLIC_URL}/api/auth/oidc`;
    const FOUNDER = 'founder@northwind-it.example';
    let idp: TestOidcServer;
    let app: TestApp;

    beforeAll(async () => {
      idp = await startOidcServer({
        accounts: [
          {
            login: 'dana',
            email: 'Dana@Northwind-IT.example',
            emailVerified: true,
            givenName: 'Dana',
            familyName: 'Reyes',
          },
          { login: 'sam', email: 'sam@northwind-it.example', givenName: 'Sam', claimsInIdToken: false },
          { login: 'founder', email: FOUNDER, emailVerified: true },
          { login: 'unverified', email: 'lee@northwind-it.example', emailVerified: false },
          { login: 'nomail', givenName: 'No' },
          { login: 'pat-new', email: 'pat@northwind-it.example', emailVerified: true, givenName: 'Pat' },
        ],
      });
      await idp.registerClient({
        clientId: CLIENT_ID,
        clientSecret: 'client-secret-1',
        redirectUri: REDIRECT_URI,
      });
      app = await startTestApp(kind, {
        seed: false,
        env: {
          PUBLIC_URL,
          FOUNDER_EMAIL: FOUNDER,
          OIDC_ISSUER: idp.issuer,
          OIDC_CLIENT_ID: CLIENT_ID,
          OIDC_CLIENT_SECRET: 'client-secret-1',
          OIDC_DISPLAY_NAME: 'Northwind ID',
          OIDC_TRUST_EMAIL: 'true',
        },
      });
    });
    afterAll(async () => {
      await app?.close();
      await idp?.stop();
    });

    /** GET /api/auth/oidc, the provider's pages, and back: the app's final answer and its cookies. */
    async function signIn(login: string, target: TestApp = app) {
      const start = await target.server.inject({ url: '/api/auth/oidc' });
      expect(start.statusCode).toBe(302);
      const appJar = new CookieJar();
      appJar.store(start.headers['set-cookie']);
      const callback = await signInAtProvider(start.headers.location as string, login, REDIRECT_URI);
      const back = await target.server.inject({
        url: callback.slice(PUBLIC_URL.length),
        headers: { cookie: appJar.header() },
      });
      appJar.store(back.headers['set-cookie']);
      return { start, back, jar: appJar };
    }

    async function currentUser(jar: CookieJar) {
      return app.request<CurrentUser>({ url: '/api/auth/user', headers: { cookie: jar.header() } });
    }

    const userRow = (email: string) => app.db<UserRow>('users').where({ email }).first();

    it('offers the provider on the sign-in page', async () => {
      const page = await app.request<string>({ url: '/api/login' });
      expect(page.body).toContain('href="/api/auth/oidc">Sign in with Northwind ID</a>');
    });

    it('names the provider’s origin as the one place sign-in leads besides the server', async () => {
      const origins = await app.request({ url: '/api/auth/sign-in-origins' });
      expect(origins.status).toBe(200);
      expect(origins.body).toEqual({ identityProvider: [new URL(idp.issuer).origin] });
      // The origin the sign-in really goes to: where the server sends the browser.
      const start = await app.server.inject({ url: '/api/auth/oidc' });
      expect(new URL(start.headers.location as string).origin).toBe(new URL(idp.issuer).origin);
    });

    it('sends the browser to the provider with PKCE, a nonce and Lax, HttpOnly flow cookies', async () => {
      const start = await app.server.inject({ url: '/api/auth/oidc' });
      expect(start.statusCode).toBe(302);
      const location = new URL(start.headers.location as string);
      expect(`${location.origin}${location.pathname}`).toBe(`${idp.issuer}/auth`);
      const params = Object.fromEntries(location.searchParams);
      expect(params).toMatchObject({
        client_id: CLIENT_ID,
        response_type: 'code',
        redirect_uri: REDIRECT_URI,
        scope: 'openid email profile',
        code_challenge_method: 'S256',
      });
      expect(params.nonce).toMatch(/^[\w-]{32}$/);
      expect(params.state).toMatch(/^\w{22}$/);
      expect(params.code_challenge).toMatch(/^[\w-]{43}$/);
      const cookies = [start.headers['set-cookie'] ?? []].flat();
      const state = cookies.find((c) => c.startsWith(`${OIDC_STATE_COOKIE}=`));
      const nonce = cookies.find((c) => c.startsWith(`${OIDC_NONCE_COOKIE}=`));
      expect(state).toMatch(/HttpOnly/);
      expect(state).toMatch(/SameSite=Lax/);
      expect(nonce).toMatch(/HttpOnly/);
      expect(nonce).toMatch(/SameSite=Lax/);
      expect(nonce).toMatch(/Path=\/(;|$)/);
      // The nonce is encrypted, not readable in the cookie.
      expect(nonce).not.toContain(params.nonce);
    });

    it('names its flow cookies with the __Host- prefix on https, and signs in through them', async () => {
      const SECURE_URL = 'https://assess.msp.example';
      await idp.registerClient({
        clientId: 'secure-client',
        clientSecret: 'client-secret-2',
        redirectUri: `${SECURE_URL}/api/auth/oidc`,
      });
      const secure = await startTestApp(kind, {
        seed: false,
        env: {
          PUBLIC_URL: SECURE_URL,
          OIDC_ISSUER: idp.issuer,
          OIDC_CLIENT_ID: 'secure-client',
          OIDC_CLIENT_SECRET: 'client-secret-2',
          OIDC_TRUST_EMAIL: 'true',
        },
      });
      try {
        const start = await secure.server.inject({ url: '/api/auth/oidc' });
        expect(start.statusCode).toBe(302);
        const cookies = [start.headers['set-cookie'] ?? []].flat();
        for (const name of [`__Host-${OIDC_STATE_COOKIE}`, `__Host-${OIDC_NONCE_COOKIE}`]) {
          const cookie = cookies.find((c) => c.startsWith(`${name}=`));
          expect(cookie, name).toBeTruthy();
          expect(cookie).toContain('Secure');
          expect(cookie).toMatch(/Path=\/(;|$)/);
          expect(cookie).not.toMatch(/Domain=/i);
        }
        // Read back under those names on the way back: the state by bell, the nonce by the ID token check.
        const jar = new CookieJar();
        jar.store(start.headers['set-cookie']);
        const callback = await signInAtProvider(
          start.headers.location as string,
          'dana',
          `${SECURE_URL}/api/auth/oidc`,
        );
        const back = await secure.server.inject({
          url: callback.slice(SECURE_URL.length),
          headers: { cookie: jar.header() },
        });
        expect(back.statusCode).toBe(303);
        expect(back.headers.location).toBe('/admin');
        expect(
          [back.headers['set-cookie'] ?? []].flat().some((c) => c.startsWith('__Host-msp_session=')),
        ).toBe(true);
      } finally {
        await secure.close();
      }
    });

    it('signs a new person in as a pending user, and the same person again into the same row', async () => {
      const first = await signIn('dana');
      expect(first.back.statusCode).toBe(303);
      expect(first.back.headers.location).toBe('/admin');
      const me = await currentUser(first.jar);
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({
        email: 'dana@northwind-it.example',
        firstName: 'Dana',
        lastName: 'Reyes',
        role: 'user',
        status: 'pending',
        isFounder: false,
      });
      const row = await userRow('dana@northwind-it.example');
      expect(row).toMatchObject({ oidc_issuer: idp.issuer, oidc_subject: 'dana', password_hash: null });

      const again = await signIn('dana');
      expect(again.back.statusCode).toBe(303);
      expect((await currentUser(again.jar)).body.id).toBe(row!.id);
      expect(await app.db('users').where({ oidc_subject: 'dana' }).select('id')).toHaveLength(1);
    });

    it('reads the email from userinfo when the ID token carries only the subject', async () => {
      const { back, jar } = await signIn('sam');
      expect(back.statusCode).toBe(303);
      expect((await currentUser(jar)).body).toMatchObject({
        email: 'sam@northwind-it.example',
        firstName: 'Sam',
      });
    });

    it('makes the founder address an approved admin on first sign-in', async () => {
      const { jar } = await signIn('founder');
      expect((await currentUser(jar)).body).toMatchObject({
        role: 'admin',
        status: 'approved',
        isFounder: true,
      });
    });

    it('links an account an admin created to the identity with the same email', async () => {
      const [created] = await app
        .db<UserRow>('users')
        .insert({
          email: 'pat@northwind-it.example',
          role: 'admin',
          status: 'approved',
          last_name: 'Kim',
        })
        .returning('*');
      const { jar } = await signIn('pat-new');
      expect((await currentUser(jar)).body).toMatchObject({
        id: created!.id,
        role: 'admin',
        status: 'approved',
        // Empty fields are filled, set ones kept.
        firstName: 'Pat',
        lastName: 'Kim',
      });
      expect(await userRow('pat@northwind-it.example')).toMatchObject({
        oidc_issuer: idp.issuer,
        oidc_subject: 'pat-new',
      });
    });

    it.each([
      ['an unverified email', 'unverified', /lee@northwind-it\.example is not verified/],
      ['no email at all', 'nomail', /no email address/],
    ])('refuses %s with the failure page and logs why', async (_case, login, reason) => {
      app.logs(); // Drops earlier lines: what follows is this test's own.
      const { back, jar } = await signIn(login);
      expect(back.statusCode).toBe(401);
      expect(back.payload).toContain(SSO_FAILED_MESSAGE);
      expect(app.logs()).toMatch(reason);
      expect(jar.has('msp_session')).toBe(false);
    });

    it('without OIDC_TRUST_EMAIL, links no local admin by email and refuses an email not flagged verified', async () => {
      idp.addAccount({ login: 'morgan', email: 'morgan@northwind-it.example', emailVerified: true });
      const untrusted = await startTestApp(kind, {
        seed: false,
        env: {
          PUBLIC_URL,
          FOUNDER_EMAIL: FOUNDER,
          OIDC_ISSUER: idp.issuer,
          OIDC_CLIENT_ID: CLIENT_ID,
          OIDC_CLIENT_SECRET: 'client-secret-1',
        },
      });
      try {
        const [admin] = await untrusted
          .db<UserRow>('users')
          .insert({ email: 'morgan@northwind-it.example', role: 'admin', status: 'approved' })
          .returning('*');
        const linking = await signIn('morgan', untrusted);
        expect(linking.back.statusCode).toBe(401);
        expect(linking.jar.has('msp_session')).toBe(false);
        expect(untrusted.logs()).toMatch(/morgan@northwind-it\.example already has an account here/);
        expect(await untrusted.db<UserRow>('users').where({ id: admin!.id }).first()).toMatchObject({
          oidc_subject: null,
        });

        // Sam's provider sends no email_verified at all.
        const unflagged = await signIn('sam', untrusted);
        expect(unflagged.back.statusCode).toBe(401);
        expect(untrusted.logs()).toMatch(
          /did not say the email address sam@northwind-it\.example is verified/,
        );
        expect(await untrusted.db('users').where({ email: 'sam@northwind-it.example' })).toHaveLength(0);
      } finally {
        await untrusted.close();
      }
    });

    it('fails a callback whose flow cookies are gone (another browser, or expired)', async () => {
      app.logs(); // Drops earlier lines: what follows is this test's own.
      const start = await app.server.inject({ url: '/api/auth/oidc' });
      const callback = await signInAtProvider(start.headers.location as string, 'dana', REDIRECT_URI);
      const path = callback.slice(PUBLIC_URL.length);
      // Bell first retries once through a same-origin page, in case the browser held the cookie back.
      const retry = await app.server.inject({ url: path });
      expect(retry.statusCode).toBe(200);
      expect(retry.payload).toContain('refresh=1');
      const back = await app.server.inject({ url: `${path}&refresh=1` });
      expect(back.statusCode).toBe(401);
      expect(back.payload).toContain(SSO_FAILED_MESSAGE);
      expect(app.logs()).toMatch(/Missing oidc request token cookie/);
    });

    it('fails when the nonce cookie is missing, though bell state and PKCE pass', async () => {
      app.logs(); // Drops earlier lines: what follows is this test's own.
      const start = await app.server.inject({ url: '/api/auth/oidc' });
      const jar = new CookieJar();
      jar.store([start.headers['set-cookie'] ?? []].flat().filter((c) => !c.startsWith(OIDC_NONCE_COOKIE)));
      const callback = await signInAtProvider(start.headers.location as string, 'dana', REDIRECT_URI);
      const back = await app.server.inject({
        url: callback.slice(PUBLIC_URL.length),
        headers: { cookie: jar.header() },
      });
      expect(back.statusCode).toBe(401);
      expect(app.logs()).toMatch(/nonce cookie is missing/);
    });

    it.each(['access_denied', 'login_required'])(
      'shows the failure page, not another round trip, when the provider answers %s',
      async (error) => {
        app.logs(); // Drops earlier lines: what follows is this test's own.
        const back = await app.server.inject({
          url: `/api/auth/oidc?error=${error}&error_description=No+thanks&state=x`,
        });
        expect(back.statusCode).toBe(401);
        expect(back.payload).toContain(SSO_FAILED_MESSAGE);
        // The local form on the page still carries a CSRF token.
        expect(back.payload).toMatch(/name="crumb" value="[\w-]{20,}"/);
        expect(app.logs()).toMatch(new RegExp(`answered ${error}: No thanks`));
      },
    );
  });

  describe('linking rules', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await startTestApp(kind, { seed: false });
    });
    afterAll(() => app?.close());

    const trusted = { founderEmail: undefined, trustEmail: true };
    const identity = (overrides: Partial<Parameters<typeof userForIdentity>[1]> = {}) => ({
      issuer: ISSUER,
      subject: 'subject-a',
      email: 'alex@northwind-it.example',
      givenName: 'Alex',
      familyName: null,
      pictureUrl: null,
      ...overrides,
    });

    it('refuses an address the same provider now gives to someone else', async () => {
      const first = await userForIdentity(app.db, identity(), trusted);
      expect(first).toMatchObject({ role: 'user', status: 'pending', oidc_subject: 'subject-a' });
      await expect(userForIdentity(app.db, identity({ subject: 'subject-b' }), trusted)).rejects.toThrow(
        /linked to another account/,
      );
      // The provider changed (a new OIDC_ISSUER): the verified address moves the link over.
      const moved = await userForIdentity(
        app.db,
        identity({ issuer: 'https://new-idp.example.test' }),
        trusted,
      );
      expect(moved).toMatchObject({ id: first.id, oidc_issuer: 'https://new-idp.example.test' });
    });

    it('from an issuer not trusted for email, links no existing account and makes no founder', async () => {
      const untrusted = { founderEmail: 'owner@northwind-it.example', trustEmail: false };
      const [admin] = await app
        .db<UserRow>('users')
        .insert({ email: 'jo@northwind-it.example', role: 'admin', status: 'approved' })
        .returning('*');
      await expect(
        userForIdentity(app.db, identity({ subject: 'subject-j', email: admin!.email }), untrusted),
      ).rejects.toThrow(/already has an account here.*OIDC_TRUST_EMAIL/);
      expect(await app.db<UserRow>('users').where({ id: admin!.id }).first()).toMatchObject({
        oidc_issuer: null,
        oidc_subject: null,
      });
      const owner = await userForIdentity(
        app.db,
        identity({ subject: 'subject-o', email: 'owner@northwind-it.example' }),
        untrusted,
      );
      expect(owner).toMatchObject({ role: 'user', status: 'pending', is_founder: false });
      // The same identity signs in again into its own row.
      const again = await userForIdentity(
        app.db,
        identity({ subject: 'subject-o', email: 'owner@northwind-it.example' }),
        untrusted,
      );
      expect(again.id).toBe(owner.id);
    });

    it('gives two simultaneous first sign-ins of one person one row', async () => {
      const person = identity({ subject: 'subject-c', email: 'casey@northwind-it.example' });
      const [a, b] = await Promise.all([
        userForIdentity(app.db, person, trusted),
        userForIdentity(app.db, person, trusted),
      ]);
      expect(a.id).toBe(b.id);
    });

    it('keeps names edited in the portal and fills only empty ones', async () => {
      const person = identity({
        subject: 'subject-d',
        email: 'drew@northwind-it.example',
        givenName: 'Drew',
      });
      const user = await userForIdentity(app.db, person, trusted);
      await app.db('users').where({ id: user.id }).update({ first_name: 'Andrew' });
      const again = await userForIdentity(
        app.db,
        { ...person, familyName: 'Ng', pictureUrl: 'https://img.test/d.png' },
        trusted,
      );
      expect(again).toMatchObject({
        first_name: 'Andrew',
        last_name: 'Ng',
        profile_image_url: 'https://img.test/d.png',
      });
    });
  });
});
