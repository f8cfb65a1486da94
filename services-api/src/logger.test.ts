import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API_KEY_PREFIX } from '@msp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configuredSecrets, loadConfig } from './config.js';
import { createLogger, keepOutOfLog } from './logger.js';
import { createTestApiKey } from './test/api-key-helpers.js';
import { cookiesOf, createTestUser, signedInAs } from './test/auth-helpers.js';
import { startTestApp, type TestApp } from './test/test-app.js';
import { testDatabaseKinds } from './test/test-database.js';

const PASSWORD = 'the-password-that-must-never-be-logged';
const BEARER = 'Bearer mspk_secret-api-key-value';
const API_KEY = 'mspk_another-secret-key-value';

type Line = Record<string, unknown> & {
  level: number;
  msg?: string;
  req?: { headers?: Record<string, string> };
  res?: { headers?: Record<string, string> };
};

describe('structured logs', () => {
  let app: TestApp;
  let distDir: string;
  const lines = () =>
    app
      .logs()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Line);

  beforeAll(async () => {
    // A built web app of two files: the shell and one asset.
    distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'msp-logger-web-'));
    fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>x</title><!--app-config-->');
    fs.mkdirSync(path.join(distDir, 'assets'));
    fs.writeFileSync(path.join(distDir, 'assets', 'app-1234.js'), 'console.log(1)');
    app = await startTestApp(testDatabaseKinds[0]!, {
      env: { LOG_LEVEL: 'info' },
      config: { webDistDir: distDir },
    });
  });
  afterAll(async () => {
    await app?.close();
    fs.rmSync(distDir, { recursive: true, force: true });
  });

  /** Two sign-ins carrying every kind of secret: one refused (401), one accepted (303). */
  async function signInsWithSecrets() {
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
    return [
      PASSWORD,
      BEARER,
      API_KEY,
      crumb,
      signedIn.headers['x-csrf-token']!,
      sessionCookie.split('=')[1]!,
      newSession,
    ];
  }

  it('writes one short line per API request at info: method, route name, status, duration and request id', async () => {
    const secrets = await signInsWithSecrets();
    const logged = lines();
    const access = logged.filter((line) => line.route === 'signInWithPassword');
    expect(access).toHaveLength(2);
    expect(access.map((line) => line.status)).toEqual([401, 303]);
    for (const line of access) {
      expect(line).toEqual({
        level: 30,
        time: expect.any(Number),
        pid: expect.any(Number),
        hostname: expect.any(String),
        reqId: expect.any(String),
        method: 'POST',
        route: 'signInWithPassword',
        status: line.status,
        ms: expect.any(Number),
        msg: `POST signInWithPassword ${line.status}`,
      });
    }
    expect(access[0]!.reqId).not.toBe(access[1]!.reqId);
    const text = JSON.stringify(logged);
    for (const secret of secrets) expect(text, secret).not.toContain(secret);
  });

  it('names a route by its pattern when it has no contract, never by a path that may carry an id', async () => {
    app.logs();
    const id = '4b7f6a9e-2f0e-4d7a-9c55-0d1f3c1b2a77';
    expect((await app.server.inject(`/api/assessment/results/${id}`)).statusCode).toBe(404);
    expect((await app.server.inject('/api/no-such-thing')).statusCode).toBe(404);
    const logged = lines();
    expect(logged.map((line) => [line.route, line.status])).toEqual([
      ['getResults', 404],
      ['/{path*}', 404],
    ]);
    expect(JSON.stringify(logged)).not.toContain(id);
  });

  it('logs nothing at info for the web app, its files and the health probes', async () => {
    app.logs();
    for (const url of ['/', '/assessment', '/assets/app-1234.js', '/healthz', '/readyz', '/metrics']) {
      await app.server.inject(url);
    }
    expect(lines().filter((line) => line.reqId !== undefined)).toEqual([]);
  });

  it('adds the whole request at debug, its secrets redacted, and logs the files and probes there', async () => {
    app.server.logger.level = 'debug';
    try {
      const secrets = await signInsWithSecrets();
      await app.server.inject('/assets/app-1234.js');
      await app.server.inject('/healthz');
      const logged = lines();
      const access = logged.filter((line) => line.route === 'signInWithPassword');
      expect(access).toHaveLength(2);
      expect(access[0]).toMatchObject({
        level: 30,
        req: {
          method: 'post',
          url: '/api/auth/local',
          headers: { cookie: '[redacted]', authorization: '[redacted]', 'x-api-key': '[redacted]' },
        },
        res: { statusCode: 401 },
      });
      expect(access[1]).toMatchObject({ res: { headers: { 'set-cookie': '[redacted]' } } });
      expect(logged.filter((line) => line.level === 20 && line.reqId).map((line) => line.route)).toEqual([
        '/assets/app-1234.js',
        '/healthz',
      ]);
      const text = JSON.stringify(logged);
      for (const secret of secrets) expect(text, secret).not.toContain(secret);
    } finally {
      app.server.logger.level = 'info';
    }
  });

  it('redacts credentials in query strings and anything shaped like an API key, at info and at debug', async () => {
    const { token } = await createTestApiKey(app, 'read');
    // Shaped like a key (prefix, alphabet, length) but not one: redacted all the same.
    const keyShaped = `${API_KEY_PREFIX}${'Zq9'.repeat(10)}`;
    const secretParams = {
      api_key: token,
      ACCESS_TOKEN: 'opaque-access-token-1',
      clientSecret: 'sh-secret-2',
    };
    for (const level of ['info', 'debug'] as const) {
      app.server.logger.level = level;
      try {
        app.logs();
        const query = new URLSearchParams({ ...secretParams, foo: keyShaped, page: '1' }).toString();
        const refused = await app.server.inject(`/api/v1/submissions?${query}`);
        expect(refused.statusCode).toBe(401);
        app.server.logger.warn({ url: `/callback?code=one-time-code-3&apiKey=${token}` }, `saw ${keyShaped}`);
        const text = app.logs();
        expect(text).toContain('v1ListSubmissions');
        for (const secret of [token, keyShaped, ...Object.values(secretParams), 'one-time-code-3']) {
          expect(text, `${secret} at ${level}`).not.toContain(secret);
        }
        expect(text).toContain(`${API_KEY_PREFIX}[redacted]`);
        expect(text).toContain('/callback?code=[redacted]&apiKey=[redacted]');
        if (level === 'debug') {
          // The parsed query is still there to read, its harmless parameters as sent.
          expect(text).toContain(
            '"query":{"api_key":"[redacted]","ACCESS_TOKEN":"[redacted]","clientSecret":"[redacted]","foo":"msp_[redacted]","page":"1"}',
          );
        }
        // Every line is still JSON.
        for (const line of text.split('\n').filter(Boolean)) expect(() => JSON.parse(line)).not.toThrow();
      } finally {
        app.server.logger.level = 'info';
      }
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
      path: '/api/test/fails',
      options: { auth: false },
      handler: () => {
        throw new Error('the handler broke');
      },
    });
  });
  afterAll(() => app?.close());

  type Line = { level: number; reqId?: string; status?: number; err?: { message?: string; stack?: string } };
  const allLines = (text = app.logs()) =>
    text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Line);
  const errorLines = () => allLines().filter((line) => line.level >= 50);

  it('logs a failing handler as an error, with its stack and the id of its access line', async () => {
    app.logs();
    expect((await app.server.inject('/api/test/fails')).statusCode).toBe(500);
    const logged = allLines();
    const [line] = logged.filter((l) => l.level >= 50);
    expect(line?.err?.message).toBe('the handler broke');
    expect(line?.err?.stack).toContain('logger.test.ts');
    const access = logged.filter((l) => l.status === 500);
    expect(access).toHaveLength(1);
    expect(line?.reqId).toEqual(expect.any(String));
    expect(access[0]!.reqId).toBe(line?.reqId);
  });

  it('does not log a client that went away as an error', () => {
    app.logs();
    app.server.log(['connection', 'client', 'error'], new Error('write EPIPE'));
    expect(errorLines()).toEqual([]);
  });
});

describe('configured secrets', () => {
  const SMTP_PASSWORD = 'p@ss/w0rd "quoted"';
  const config = loadConfig({
    SMTP_URL: `smtp://mailer:${encodeURIComponent(SMTP_PASSWORD)}@mail.example:587`,
    DATABASE_URL: 'postgres://msp:db-pa55word@db.example/msp',
    OPENAI_API_KEY: 'sk-configured-model-key',
    METRICS_TOKEN: 'c0ffee'.repeat(8),
  });

  it('are kept out of every line, as written, percent-encoded or JSON-escaped, children included', () => {
    let text = '';
    const logger = createLogger('info', { write: (line: string) => void (text += line) });
    keepOutOfLog(logger, configuredSecrets(config));
    const child = logger.child({ component: 'mail' });
    child.error(
      { err: new Error(`535 bad credentials for mailer:${SMTP_PASSWORD}`), url: config.mail.smtpUrl },
      `Could not reach ${config.databaseUrl} with key ${config.openai!.apiKey}`,
    );
    logger.warn({ header: `Bearer ${config.metricsToken}` }, 'scrape refused');
    expect(text).toContain('535 bad credentials for mailer:[redacted]');
    expect(text).toContain('smtp://mailer:[redacted]@mail.example:587');
    for (const secret of [
      ...configuredSecrets(config),
      JSON.stringify(SMTP_PASSWORD).slice(1, -1),
      encodeURIComponent(SMTP_PASSWORD),
    ]) {
      expect(text, secret).not.toContain(secret);
    }
    for (const line of text.split('\n').filter(Boolean)) expect(() => JSON.parse(line)).not.toThrow();
  });

  it('leave ordinary words alone: a value too short to be a secret is not looked for', () => {
    let text = '';
    const logger = createLogger('info', { write: (line: string) => void (text += line) });
    keepOutOfLog(logger, ['mail', '', undefined]);
    logger.info('mail sent');
    expect(text).toContain('"msg":"mail sent"');
  });
});
