import type { ServerInjectOptions } from '@hapi/hapi';
import { ErrorBody } from '@msp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApiKey } from '../test/api-key-helpers.js';
import { createTestUser, signedInAs, type SignedIn } from '../test/auth-helpers.js';
import { startTestApp, type TestApp } from '../test/test-app.js';
import { testDatabaseKinds } from '../test/test-database.js';

/** Every 4xx the server answers, its own and Hapi's, has the one shared error shape. */
describe('error bodies', () => {
  let app: TestApp;
  let admin: SignedIn;
  let visitor: SignedIn;
  let readKey: string;

  beforeAll(async () => {
    app = await startTestApp(testDatabaseKinds[0]!, { config: { submitRateLimitPerMinute: 1 } });
    admin = await signedInAs(app, await createTestUser(app.db, { role: 'admin', status: 'approved' }));
    visitor = await signedInAs(app, await createTestUser(app.db, { role: 'user', status: 'approved' }));
    readKey = (await createTestApiKey(app, 'read')).token;
  });
  afterAll(() => app?.close());

  const json = { 'content-type': 'application/json' };
  const pillar = { name: 'n', description: 'd', order: 1, isActive: true };
  const cases: [string, number, () => Parameters<TestApp['server']['inject']>[0]][] = [
    [
      'malformed JSON',
      400,
      () => ({ method: 'POST', url: '/api/assessment/submit', payload: '{"a":', headers: json }),
    ],
    [
      'a field the contract refuses',
      400,
      () => ({ method: 'POST', url: '/api/assessment/submit', payload: {} }),
    ],
    ['a route that does not exist', 404, () => ({ url: '/api/no-such-thing' })],
    [
      'a body over the size limit',
      413,
      () => ({ method: 'POST', url: '/api/assessment/submit', payload: { pad: 'x'.repeat(100_000) } }),
    ],
    [
      'a body that is not JSON',
      415,
      () => ({
        method: 'POST',
        url: '/api/assessment/submit',
        payload: 'a=1',
        headers: { 'content-type': 'text/plain' },
      }),
    ],
    ['an admin route without a session', 401, () => ({ url: '/api/admin/pillars' })],
    [
      'an admin route for a user who is not an admin',
      403,
      () => ({ url: '/api/admin/pillars', headers: visitor.headers }),
    ],
    [
      'a cookie-authenticated write without the CSRF token',
      403,
      () => ({
        method: 'POST',
        url: '/api/admin/pillars',
        payload: pillar,
        headers: { cookie: admin.headers.cookie! },
      }),
    ],
    [
      'a pillar that does not exist (a service NotFoundError)',
      404,
      () => ({ method: 'PUT', url: '/api/admin/pillars/999999', payload: pillar, headers: admin.headers }),
    ],
    [
      'an email already taken (a service ConflictError)',
      409,
      () => ({
        method: 'POST',
        url: '/api/admin/users',
        payload: { email: admin.user.email },
        headers: admin.headers,
      }),
    ],
    ['an unknown submission', 404, () => ({ url: '/api/assessment/results/not-a-uuid' })],
    ['an /api/v1 route without an API key', 401, () => ({ url: '/api/v1/pillars' })],
    [
      'an /api/v1 route with a key that is not one',
      401,
      () => ({ url: '/api/v1/pillars', headers: bearer('msp_x') }),
    ],
    [
      'an /api/v1 write with a key whose permission is too low',
      403,
      () => ({
        method: 'POST',
        url: '/api/v1/users',
        payload: { email: 'a@msp.example' },
        headers: bearer(readKey),
      }),
    ],
    [
      'an /api/v1 route that does not exist',
      404,
      () => ({ url: '/api/v1/nothing', headers: bearer(readKey) }),
    ],
  ];

  // Each case from an address of its own: a refused submission takes from its sender's allowance.
  let client = 0;
  it.each(cases)('answers %s with a %i ErrorBody', async (_name, status, request) => {
    const options = request() as ServerInjectOptions;
    const response = await app.server.inject({ remoteAddress: `203.0.113.${++client}`, ...options });
    expect(response.statusCode, response.payload).toBe(status);
    expect(response.headers['content-type']).toContain('application/json');
    // Strict: the published ErrorBody allows no other field (Boom's `attributes` on a 401, say).
    const body = ErrorBody.strict().parse(JSON.parse(response.payload));
    expect(body.statusCode).toBe(status);
  });

  it('answers a client over the submit rate limit with a 429 ErrorBody', async () => {
    const send = () =>
      app.server.inject({
        method: 'POST',
        url: '/api/assessment/submit',
        payload: { demographicData: {}, answers: [{ questionId: 1, answerId: 1 }], website: 'bot' },
        remoteAddress: '198.51.100.9',
      });
    await send();
    const limited = await send();
    expect(limited.statusCode, limited.payload).toBe(429);
    expect(ErrorBody.strict().parse(JSON.parse(limited.payload)).statusCode).toBe(429);
  });

  it('names the field in a service InvalidFieldError', async () => {
    const response = await app.server.inject({
      method: 'POST',
      url: '/api/admin/demographic-fields',
      headers: admin.headers,
      payload: {
        identifier: 'first_name',
        label: 'Given name',
        fieldType: 'text',
        options: null,
        order: 1,
        isRequired: true,
        isActive: true,
      },
    });
    expect(response.statusCode).toBe(400);
    expect(ErrorBody.parse(JSON.parse(response.payload))).toMatchObject({
      field: 'identifier',
      issues: [{ field: 'identifier', message: 'A field with this identifier already exists' }],
    });
  });
});
