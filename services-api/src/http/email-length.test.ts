import { EMAIL_MAX_LENGTH } from '@msp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApiKey } from '../test/api-key-helpers.js';
import { cookiesOf, createTestUser, signedInAs } from '../test/auth-helpers.js';
import { submitAs } from '../test/submission-helpers.js';
import { startTestApp, type TestApp } from '../test/test-app.js';
import { testDatabaseKinds } from '../test/test-database.js';

/** An address exactly `length` characters long, shaped like any other. */
function addressOf(length: number, tag: string): string {
  const domain = `@${tag}.msp.example`;
  return `${'a'.repeat(length - domain.length)}${domain}`;
}

/**
 * RFC 5321 allows no address past 254 characters: every field that takes one, for a visitor, an
 * admin, a key holder or a server-rendered form, refuses one character more (400 naming the field,
 * nothing written) and takes the longest allowed.
 */
describe.each(testDatabaseKinds)('email addresses longer than RFC 5321 allows on $name', (kind) => {
  let app: TestApp;
  let admin: Record<string, string>;
  let key: Record<string, string>;
  let counter = 0;
  const tooLong = () => addressOf(EMAIL_MAX_LENGTH + 1, `t${++counter}`);
  const longest = () => addressOf(EMAIL_MAX_LENGTH, `l${++counter}`);
  const counts = async () =>
    JSON.stringify(
      await Promise.all(['users', 'submissions', 'jobs'].map((table) => app.db(table).count({ n: '*' }))),
    );

  beforeAll(async () => {
    // SMTP is configured so the Forgot password form checks addresses; no job runs to send anything.
    app = await startTestApp(kind, { jobs: { run: false }, env: { SMTP_URL: 'smtp://127.0.0.1:9' } });
    admin = (await signedInAs(app, await createTestUser(app.db, { role: 'admin', status: 'approved' })))
      .headers;
    key = bearer((await createTestApiKey(app, 'admin')).token);
  });
  afterAll(() => app?.close());

  const json = (method: string, url: string, headers: Record<string, string>, payload?: object) =>
    app.request<{ field?: string; message?: string }>({ method, url, headers, payload });

  it('refuses a visitor email past the limit and takes one at it', async () => {
    const before = await counts();
    await expect(submitAs(app, { email_address: tooLong() })).rejects.toThrow(
      /"field":"demographicData.email_address".*at most 254 characters/,
    );
    expect(await counts()).toBe(before);
    await expect(submitAs(app, { email_address: longest() })).resolves.toEqual(expect.any(String));
  });

  it.each([
    ['the admin portal', '/api/admin/users', () => admin],
    ['/api/v1', '/api/v1/users', () => key],
  ])(
    'refuses a new user’s email past the limit through %s, and takes one at it',
    async (_where, url, headers) => {
      const before = await counts();
      const refused = await json('POST', url, headers(), { email: tooLong() });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        field: 'email',
        message: 'email: must be at most 254 characters',
      });
      expect(await counts()).toBe(before);
      expect((await json('POST', url, headers(), { email: longest() })).status).toBe(201);
    },
  );

  it('refuses a search or an export by an address no one can have', async () => {
    const search = await json('GET', `/api/v1/submissions/search?email=${tooLong()}`, key);
    expect(search.status).toBe(400);
    expect(search.body.field).toBe('query.email');
    const exported = await json(
      'GET',
      `/api/admin/submissions/export/csv?domain=msp.example&submitterEmails=${tooLong()}`,
      admin,
    );
    expect(exported.status).toBe(400);
    expect(exported.body.field).toMatch(/^query\.submitterEmails/);
    expect((await json('GET', `/api/v1/submissions/search?email=${longest()}`, key)).status).toBe(200);
  });

  it('answers the Forgot password form with its own message, queuing nothing', async () => {
    const page = await app.server.inject({ url: '/api/forgot-password' });
    const crumb = cookiesOf(page.headers).crumb!;
    const before = await counts();
    const posted = await app.server.inject({
      method: 'POST',
      url: '/api/forgot-password',
      headers: { cookie: `crumb=${crumb}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ crumb, email: tooLong() }).toString(),
    });
    expect(posted.statusCode).toBe(400);
    expect(posted.payload).toContain('Please enter an email address of at most 254 characters');
    expect(await counts()).toBe(before);
  });
});
