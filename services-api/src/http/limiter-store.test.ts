import type { Server } from '@hapi/hapi';
import type { PublicQuestion } from '@msp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../db/knex.js';
import { createLogger } from '../logger.js';
import { createServer } from '../server.js';
import { bearer, createTestApiKey } from '../test/api-key-helpers.js';
import { cookiesOf, createTestUser } from '../test/auth-helpers.js';
import { person } from '../test/fixtures.js';
import { startTestApp, type TestApp } from '../test/test-app.js';
import { postgresTestDatabase } from '../test/test-database.js';

const PASSWORD = 'correct horse battery staple';

async function signInOn(server: Server, email: string, password: string, remoteAddress: string) {
  const page = await server.inject({ url: '/api/login', remoteAddress });
  const crumb = cookiesOf(page.headers).crumb!;
  return server.inject({
    method: 'POST',
    url: '/api/auth/local',
    headers: { cookie: `crumb=${crumb}`, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ email, password, crumb }).toString(),
    remoteAddress,
  });
}

describe('limits on two instances of one PostgreSQL database', () => {
  let first: TestApp;
  let secondDb: Database;
  let second: Server;
  beforeAll(async () => {
    first = await startTestApp(postgresTestDatabase, {
      config: { submitRateLimitPerMinute: 2, apiRateLimitPerMinute: 3 },
    });
    // Its own pool and memory, as another process would have.
    secondDb = createDatabase({ databaseUrl: first.database.url });
    second = await createServer({
      config: first.config,
      db: secondDb,
      logger: createLogger('warn', { write: () => undefined }),
      jobs: { run: false },
    });
  });
  afterAll(async () => {
    await second?.stop();
    await secondDb?.destroy();
    await first?.close();
  });

  it('share one submit limit per client', async () => {
    const questions = (await first.request<PublicQuestion[]>({ url: '/api/assessment-questions' })).body;
    const payload = {
      demographicData: person,
      answers: questions.map((q) => ({ questionId: q.id, answerId: q.answers[0]!.id })),
    };
    const submit = (server: Server) =>
      server
        .inject({ method: 'POST', url: '/api/assessment/submit', payload, remoteAddress: '198.51.100.7' })
        .then((r) => r.statusCode);
    expect(await submit(first.server)).toBe(201);
    expect(await submit(second)).toBe(201);
    expect(await submit(first.server)).toBe(429);
    expect(await submit(second)).toBe(429);
  });

  it('share one sign-in lockout', async () => {
    const user = await createTestUser(first.db, { role: 'admin', status: 'approved', password: PASSWORD });
    const client = '198.51.100.8';
    for (const server of [first.server, second, first.server, second, first.server]) {
      expect((await signInOn(server, user.email, 'wrong', client)).statusCode).toBe(401);
    }
    expect((await signInOn(second, user.email, PASSWORD, client)).statusCode).toBe(429);
    expect((await signInOn(first.server, user.email, PASSWORD, client)).statusCode).toBe(429);
  });

  it('share one limit per API key', async () => {
    const key = await createTestApiKey(first, 'read');
    const call = (server: Server) =>
      server.inject({ url: '/api/v1/pillars', headers: bearer(key.token) }).then((r) => r.statusCode);
    expect([await call(first.server), await call(second), await call(first.server)]).toEqual([200, 200, 200]);
    expect(await call(second)).toBe(429);
  });

  it('keeps the counters in the rate_limits table, and prunes lapsed ones', async () => {
    expect(Number((await first.db('rate_limits').count({ n: '*' }))[0]!.n)).toBeGreaterThan(0);
    await first.db('rate_limits').insert({ key: 'submit:192.0.2.99', points: 1, expire: Date.now() - 1 });
    await first.server.app.ctx.limits.prune();
    expect(await first.db('rate_limits').where({ key: 'submit:192.0.2.99' })).toHaveLength(0);
  });
});
