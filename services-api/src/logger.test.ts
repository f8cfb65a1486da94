import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookiesOf, createTestUser, signedInAs } from './test/auth-helpers.js';
import { startTestApp, type TestApp } from './test/test-app.js';
import { testDatabaseKinds } from './test/test-database.js';

const PASSWORD = 'the-password-that-must-never-be-logged';
const BEARER = 'Bearer mspk_secret-api-key-value';
const API_KEY = 'mspk_another-secret-key-value';

describe('structured logs', () => {
  let app: TestApp;
  const lines = () =>
    app
      .logs()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown> & { req?: { id?: string } });

  beforeAll(async () => {
    app = await startTestApp(testDatabaseKinds[0]!, { env: { LOG_LEVEL: 'info' } });
  });
  afterAll(() => app?.close());

  it('writes a JSON line per request with the request id, leaving out cookies, keys and passwords', async () => {
    const user = await createTestUser(app.db, { role: 'admin', status: 'approved', password: PASSWORD });
    const signedIn = await signedInAs(app, user);
    const sessionCookie = signedIn.headers.cookie!.split(';')[0]!;
    const page = await app.server.inject({ url: '/api/login' });
    const crumb = cookiesOf(page.headers).crumb!;
    app.logs();

    const failed = await app.server.inject({
      method: 'POST',
      url: '/api/auth/local',
      headers: {
        // Signed in, the form's token is the session's own.
        cookie: signedIn.headers.cookie!,
        authorization: BEARER,
        'x-api-key': API_KEY,
        'x-csrf-token': signedIn.headers['x-csrf-token']!,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams({
        email: user.email,
        password: `${PASSWORD}-wrong`,
        crumb: signedIn.headers['x-csrf-token']!,
      }).toString(),
    });
    expect(failed.statusCode).toBe(401);
    const succeeded = await app.server.inject({
      method: 'POST',
      url: '/api/auth/local',
      headers: { cookie: `crumb=${crumb}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ email: user.email, password: PASSWORD, crumb }).toString(),
    });
    const newSession = cookiesOf(succeeded.headers).msp_session!;
    expect(newSession).toBeTruthy();

    const logged = lines();
    const responses = logged.filter((line) =>
      line.msg?.toString().startsWith('[response] post /api/auth/local'),
    );
    expect(responses).toHaveLength(2);
    for (const line of responses) {
      expect(line.level).toBe(30);
      expect(line.req?.id).toEqual(expect.any(String));
    }
    expect(responses[0]!.req).toMatchObject({
      headers: { cookie: '[redacted]', authorization: '[redacted]', 'x-api-key': '[redacted]' },
    });

    const text = JSON.stringify(logged);
    for (const secret of [
      PASSWORD,
      BEARER,
      API_KEY,
      crumb,
      signedIn.headers['x-csrf-token']!,
      sessionCookie.split('=')[1]!,
      newSession,
    ]) {
      expect(text, secret).not.toContain(secret);
    }
  });

  it('redacts password, token and secret fields in what the server logs itself', () => {
    app.logs();
    app.server.logger.warn(
      { password: PASSWORD, user: { token: API_KEY }, oidc: { client: { secret: BEARER } } },
      'credentials passed to a log call',
    );
    const text = app.logs();
    expect(text).toContain('credentials passed to a log call');
    for (const secret of [PASSWORD, API_KEY, BEARER]) expect(text, secret).not.toContain(secret);
  });
});

describe('what is logged as an error', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(testDatabaseKinds[0]!, { seed: false, env: { LOG_LEVEL: 'info' } });
    app.server.route({
      method: 'GET',
      path: '/test/fails',
      options: { auth: false },
      handler: () => {
        throw new Error('the handler broke');
      },
    });
  });
  afterAll(() => app?.close());

  const errorLines = () =>
    app
      .logs()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { level: number; err?: { message?: string; stack?: string } })
      .filter((line) => line.level >= 50);

  it('logs a failing handler as an error, with its stack', async () => {
    app.logs();
    expect((await app.server.inject('/test/fails')).statusCode).toBe(500);
    const [line] = errorLines();
    expect(line?.err?.message).toBe('the handler broke');
    expect(line?.err?.stack).toContain('logger.test.ts');
  });

  it('does not log a client that went away as an error', () => {
    app.logs();
    app.server.log(['connection', 'client', 'error'], new Error('write EPIPE'));
    expect(errorLines()).toEqual([]);
  });
});
