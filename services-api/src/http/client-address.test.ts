import type { PublicQuestion } from '@msp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, submitSignIn } from '../test/auth-helpers.js';
import { person } from '../test/fixtures.js';
import { startTestApp, type TestApp } from '../test/test-app.js';
import { testDatabaseKinds } from '../test/test-database.js';

const PROXY = '10.0.0.5';
const PASSWORD = 'correct horse battery staple';

/** An assessment sent through the proxy for the visitor at `visitor` (the connection is the proxy's). */
async function submitVia(app: TestApp, visitor: string) {
  const questions = (await app.request<PublicQuestion[]>({ url: '/api/assessment-questions' })).body;
  return app.server.inject({
    method: 'POST',
    url: '/api/assessment/submit',
    payload: {
      demographicData: person,
      answers: questions.map((q) => ({ questionId: q.id, answerId: q.answers[0]!.id })),
    },
    remoteAddress: PROXY,
    headers: { 'x-forwarded-for': visitor },
  });
}

describe.each(testDatabaseKinds)('client addresses behind a proxy on $name', (kind) => {
  let trusting: TestApp;
  let direct: TestApp;
  beforeAll(async () => {
    trusting = await startTestApp(kind, {
      env: { TRUSTED_PROXIES: '127.0.0.1, 10.0.0.0/8' },
      config: { submitRateLimitPerMinute: 2 },
    });
    direct = await startTestApp(kind, { config: { submitRateLimitPerMinute: 2 } });
  });
  afterAll(async () => {
    await trusting?.close();
    await direct?.close();
  });

  it('limits visitors behind a trusted proxy separately, and records their own address', async () => {
    expect((await submitVia(trusting, '203.0.113.1')).statusCode).toBe(201);
    expect((await submitVia(trusting, '203.0.113.1')).statusCode).toBe(201);
    expect((await submitVia(trusting, '203.0.113.1')).statusCode).toBe(429);
    const other = await submitVia(trusting, '203.0.113.2');
    expect(other.statusCode).toBe(201);
    const { submissionId } = JSON.parse(other.payload) as { submissionId: string };
    const row = (await trusting.db('submissions').where({ id: submissionId }).first()) as {
      ip_address: string;
    };
    expect(row.ip_address).toBe('203.0.113.2');
  });

  it('takes the nearest untrusted address, so a visitor cannot choose one by sending the header', async () => {
    // The visitor wrote 198.51.100.9 into the header; the proxy appended the address it saw.
    const spoofed = (claimed: string) =>
      submitVia(trusting, `${claimed}, 203.0.113.50`).then((r) => r.statusCode);
    expect(await spoofed('198.51.100.9')).toBe(201);
    expect(await spoofed('198.51.100.10')).toBe(201);
    expect(await spoofed('198.51.100.11')).toBe(429);
  });

  it('ignores X-Forwarded-For when no proxy is trusted: everyone behind it is one client', async () => {
    expect((await submitVia(direct, '203.0.113.1')).statusCode).toBe(201);
    expect((await submitVia(direct, '203.0.113.2')).statusCode).toBe(201);
    expect((await submitVia(direct, '203.0.113.3')).statusCode).toBe(429);
  });

  it('locks out only the guessing visitor behind a trusted proxy, not the admin behind the same one', async () => {
    const user = await createTestUser(trusting.db, { role: 'admin', status: 'approved', password: PASSWORD });
    const via = (visitor: string) => ({ 'x-forwarded-for': visitor });
    for (let i = 0; i < 5; i++) {
      const answer = await submitSignIn(trusting, user.email, `wrong ${i}`, PROXY, via('203.0.113.66'));
      expect(answer.statusCode).toBe(401);
    }
    expect((await submitSignIn(trusting, user.email, PASSWORD, PROXY, via('203.0.113.66'))).statusCode).toBe(
      429,
    );
    expect((await submitSignIn(trusting, user.email, PASSWORD, PROXY, via('203.0.113.67'))).statusCode).toBe(
      303,
    );
  });
});

describe('TRUSTED_PROXIES', () => {
  it('refuses a value that is not an address or range, naming the variable', async () => {
    const { loadConfig } = await import('../config.js');
    expect(() => loadConfig({ TRUSTED_PROXIES: '10.0.0.0/8, proxy.example' })).toThrow(/TRUSTED_PROXIES/);
    expect(loadConfig({ TRUSTED_PROXIES: ' 10.0.0.0/8 ,::1 ' }).trustedProxies).toEqual([
      '10.0.0.0/8',
      '::1',
    ]);
    expect(loadConfig({}).trustedProxies).toEqual([]);
  });
});
