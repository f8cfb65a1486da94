import type { PublicQuestion } from '@msp/shared';
import knexFactory from 'knex';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_RETRY_AFTER_SECONDS } from '../http/request-guards.js';
import { SESSION_COOKIE } from '../plugins/auth/session.js';
import { bearer, createTestApiKey } from '../test/api-key-helpers.js';
import { cookiesOf, createTestUser, signedInAs, submitSignIn } from '../test/auth-helpers.js';
import { person } from '../test/fixtures.js';
import { urlFor } from '../test/route-urls.js';
import { startTcpProxy, throughProxy, type TcpProxy } from '../test/tcp-proxy.js';
import { startTestApp, type TestApp } from '../test/test-app.js';
import { postgresTestDatabase } from '../test/test-database.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const RETRY_AFTER = String(DATABASE_RETRY_AFTER_SECONDS);

/** A valid submission for the app's questionnaire: every question answered with its first answer. */
async function submissionBody(app: TestApp): Promise<string> {
  const questions = (await app.request<PublicQuestion[]>({ url: '/api/assessment-questions' })).body;
  const answers = questions.map((q) => ({ questionId: q.id, answerId: q.answers[0]!.id }));
  return JSON.stringify({ demographicData: person, answers });
}

describe('when PostgreSQL drops its connections or goes away', () => {
  const apps: TestApp[] = [];
  let proxy: TcpProxy | undefined;
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
    await proxy?.close();
    proxy = undefined;
  });

  it(
    'stores every submission it answered 201, answers the rest 503, and serves again without a restart',
    { timeout: 120_000 },
    async () => {
      const app = await startTestApp(postgresTestDatabase);
      apps.push(app);
      await app.server.start();
      const url = `http://127.0.0.1:${app.server.info.port}/api/assessment/submit`;
      const body = await submissionBody(app);
      // A connection of its own to the test's database: current_database() names only this test's.
      const killer = knexFactory({ client: 'pg', connection: app.database.url, pool: { min: 0, max: 1 } });
      const terminateAll = async () => {
        const { rows } = await killer.raw<{ rows: unknown[] }>(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
           WHERE datname = current_database() AND pid <> pg_backend_pid()`,
        );
        return rows.length;
      };
      const listeners = async () => {
        const { rows } = await killer.raw<{ rows: { n: number }[] }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity
           WHERE datname = current_database() AND query LIKE 'LISTEN %'`,
        );
        return rows[0]!.n;
      };

      interface Outcome {
        status: number;
        id?: string;
        retryAfter: string | null;
      }
      const outcomes: Outcome[] = [];
      const MAX_REQUESTS = 1500;
      let stop = false;
      const loop = async () => {
        while (!stop && outcomes.length < MAX_REQUESTS) {
          try {
            const response = await fetch(url, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body,
            });
            const answer = (await response.json()) as { submissionId?: string };
            outcomes.push({
              status: response.status,
              id: answer.submissionId,
              retryAfter: response.headers.get('retry-after'),
            });
          } catch {
            outcomes.push({ status: 0, retryAfter: null });
          }
        }
      };
      const whenAnswered = async (count: number) => {
        while (outcomes.length < count && outcomes.length < MAX_REQUESTS) await sleep(10);
      };

      try {
        expect(await listeners()).toBe(1);
        const load = Array.from({ length: 20 }, loop);
        const terminated: number[] = [];
        await whenAnswered(60);
        terminated.push(await terminateAll());
        await whenAnswered(outcomes.length + 60);
        terminated.push(await terminateAll());
        const lastCut = outcomes.length;
        // Load goes on until the server has stored 40 more since the last cut.
        while (
          outcomes.slice(lastCut).filter((o) => o.status === 201).length < 40 &&
          outcomes.length < MAX_REQUESTS
        ) {
          await sleep(10);
        }
        stop = true;
        await Promise.all(load);

        // Each cut hit the server's connections: the pool's and the content listener's at least.
        for (const count of terminated) expect(count).toBeGreaterThan(0);
        const unexpected = outcomes.filter(
          (o) => o.status !== 201 && !(o.status === 503 && o.retryAfter === RETRY_AFTER),
        );
        // On failure, the server's error lines say what the unexpected answers met.
        const errors = app
          .logs()
          .split('\n')
          .filter((line) => line.includes('"level":50'));
        expect(unexpected, errors.join('\n').slice(0, 4000)).toEqual([]);
        expect(outcomes.slice(lastCut).filter((o) => o.status === 201).length).toBeGreaterThanOrEqual(40);

        const answered201 = outcomes.filter((o) => o.status === 201).map((o) => o.id!);
        const stored = new Set(
          (await killer('submissions').whereIn('id', answered201).select('id')).map(
            (r: { id: string }) => r.id,
          ),
        );
        expect(answered201.filter((id) => !stored.has(id))).toEqual([]);

        // The content change listener connected again by itself.
        for (let tries = 0; tries < 100 && (await listeners()) === 0; tries++) await sleep(100);
        expect(await listeners()).toBe(1);
        const results = await app.request({ url: `/api/assessment/results/${answered201.at(-1)}` });
        expect(results.status).toBe(200);
      } finally {
        stop = true;
        await killer.destroy();
      }
    },
  );

  it('answers 503 with Retry-After while the database is unreachable, and recovers when it is back', async () => {
    const target = new URL(process.env.TEST_DATABASE_URL!);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const app = await startTestApp(throughProxy(postgresTestDatabase, proxy), {
      env: { LOG_LEVEL: 'info' },
      jobs: { pollIntervalMs: 50 },
    });
    apps.push(app);
    const body = await submissionBody(app);
    const submit = () =>
      app.request<{ submissionId: string }>({
        method: 'POST',
        url: '/api/assessment/submit',
        headers: { 'content-type': 'application/json' },
        payload: body,
      });
    const before = await submit();
    expect(before.status).toBe(201);
    const resultsUrl = `/api/assessment/results/${before.body.submissionId}`;
    const admin = await signedInAs(app, await createTestUser(app.db, { role: 'admin', status: 'approved' }));
    const currentUser = () => app.request({ url: '/api/auth/user', headers: admin.headers });
    expect((await currentUser()).status).toBe(200);
    // An integrator's call: the test app holds its 503 to the OpenAPI document, which must list it.
    const key = bearer((await createTestApiKey(app, 'read')).token);
    const integratorCall = () => app.request({ url: '/api/v1/submissions', headers: key });
    expect((await integratorCall()).status).toBe(200);

    await proxy.down();
    const submissions = await app
      .db('submissions')
      .count({ n: '*' })
      .catch(() => 'unreachable');
    expect(submissions).toBe('unreachable');
    for (const response of [await submit(), await app.request({ url: resultsUrl }), await integratorCall()]) {
      expect(response.status).toBe(503);
      expect(response.headers['retry-after']).toBe(RETRY_AFTER);
      expect(response.body).toMatchObject({ statusCode: 503, error: 'Service Unavailable' });
      // With the security headers every answer carries.
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toBeDefined();
    }
    // A session that cannot be looked up is not a bad one: the administrator stays signed in.
    const user = await currentUser();
    expect(user.status).toBe(503);
    expect(user.headers['retry-after']).toBe(RETRY_AFTER);
    expect(cookiesOf(user.headers)).not.toHaveProperty(SESSION_COOKIE);
    // The job worker polls every 50 ms here: a second of outage is some twenty failed claims, and
    // one line in the log.
    await sleep(1000);
    const outageLog = app.logs();
    expect(outageLog).toMatch(/The database is unavailable/);
    expect(outageLog.match(/Could not claim jobs/g)).toHaveLength(1);
    expect(outageLog).not.toMatch(/Still cannot claim jobs/);

    await proxy.up();
    let after = await submit();
    for (let tries = 0; tries < 50 && after.status !== 201; tries++) {
      await sleep(100);
      after = await submit();
    }
    expect(after.status).toBe(201);
    expect((await app.request({ url: resultsUrl })).status).toBe(200);
    expect((await currentUser()).status).toBe(200);
    // And the worker says it is back.
    let recoveryLog = app.logs();
    for (let tries = 0; tries < 50 && !/Claiming jobs again/.test(recoveryLog); tries++) {
      await sleep(50);
      recoveryLog += app.logs();
    }
    expect(recoveryLog).toMatch(/Claiming jobs again/);
  });

  it(
    'answers 503 on every route while the database refuses connections, and signs nobody out',
    { timeout: 120_000 },
    async () => {
      const app = await startTestApp(postgresTestDatabase);
      apps.push(app);
      const body = await submissionBody(app);
      const admin = await signedInAs(
        app,
        await createTestUser(app.db, { role: 'admin', status: 'approved' }),
      );
      const key = bearer((await createTestApiKey(app, 'admin')).token);
      const password = 'a long and unguessable passphrase';
      const email = (await createTestUser(app.db, { role: 'admin', status: 'approved', password })).email;
      const currentUser = () => app.request({ url: '/api/auth/user', headers: admin.headers });
      expect((await currentUser()).status).toBe(200);

      // What PostgreSQL answers then is FATAL 55000, "database … is not currently accepting
      // connections", at every connection the pool tries to make.
      const name = new URL(app.database.url).pathname.slice(1);
      const server = knexFactory({
        client: 'pg',
        connection: process.env.TEST_DATABASE_URL,
        pool: { min: 0, max: 1 },
      });
      await server.raw('ALTER DATABASE ?? WITH ALLOW_CONNECTIONS false', [name]);
      const answers: {
        route: string;
        status: number;
        retryAfter: unknown;
        cookies: Record<string, string>;
      }[] = [];
      try {
        await server.raw(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = ? AND pid <> pg_backend_pid()',
          [name],
        );
        const requests = app.server.table().map((route) => ({
          route: `${route.method.toUpperCase()} ${route.path}`,
          method: route.method,
          url: urlFor(route),
          headers: route.path.startsWith('/api/v1') ? key : admin.headers,
          payload: route.method === 'get' ? undefined : {},
        }));
        // And the writes with what they take, so each gets past its validation to the database.
        requests.push({
          route: 'a submission',
          method: 'post',
          url: '/api/assessment/submit',
          headers: { 'content-type': 'application/json' },
          payload: JSON.parse(body) as object,
        });
        for (const { route, ...request } of requests) {
          const response = await app.server.inject(request);
          answers.push({
            route,
            status: response.statusCode,
            retryAfter: response.headers['retry-after'],
            cookies: cookiesOf(response.headers),
          });
        }
        const signIn = await submitSignIn(app, email, password, '203.0.113.7');
        answers.push({
          route: 'a sign-in',
          status: signIn.statusCode,
          retryAfter: signIn.headers['retry-after'],
          cookies: cookiesOf(signIn.headers),
        });
      } finally {
        await server.raw('ALTER DATABASE ?? WITH ALLOW_CONNECTIONS true', [name]);
        await server.destroy();
      }

      const failed = answers.filter(
        (a) => a.status >= 500 && !(a.status === 503 && a.retryAfter === RETRY_AFTER),
      );
      expect(failed, app.logs().slice(0, 4000)).toEqual([]);
      expect(answers.filter((a) => SESSION_COOKIE in a.cookies)).toEqual([]);
      // Whatever needs the session or a key, or writes, cannot be served at all; the API's published
      // description is built from the code alone, so it still is.
      const mustWait = answers.filter(
        (a) =>
          (/^\w+ \/api\/(admin|v1)\//.test(a.route) && a.route !== 'GET /api/v1/openapi.json') ||
          ['a submission', 'a sign-in', 'GET /api/auth/user'].includes(a.route),
      );
      expect(mustWait.length).toBeGreaterThan(50);
      expect(mustWait.filter((a) => a.status !== 503)).toEqual([]);
      expect(answers.find((a) => a.route === 'GET /api/login')?.status).toBe(503);

      // Back, the same cookie opens the same session.
      expect((await currentUser()).status).toBe(200);
    },
  );
});
