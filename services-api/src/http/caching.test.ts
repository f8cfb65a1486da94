import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ServerInjectOptions } from '@hapi/hapi';
import { pillarRoutes, type Pillar } from '@msp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApiKey } from '../test/api-key-helpers.js';
import { cookiesOf, createTestUser, signedInAs, type SignedIn } from '../test/auth-helpers.js';
import { submitAs } from '../test/submission-helpers.js';
import { startTestApp, type TestApp } from '../test/test-app.js';
import { testDatabaseKinds } from '../test/test-database.js';
import { IMMUTABLE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL } from './caching.js';
import { contractRoute } from './route-adapter.js';

const ASSET = '/assets/app-Bx9k2LmQ.js';

/** A built web app as the build leaves it: the shell, the prerendered landing page, a hashed asset, a favicon. */
async function webBuild(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'msp-web-cache-'));
  await mkdir(path.join(dir, 'assets'));
  const shell =
    '<!doctype html><html><head><title>x</title><!--app-config--></head><body><div id="root"></div><script type="module" src="/assets/app-Bx9k2LmQ.js"></script></body></html>';
  await writeFile(path.join(dir, 'index.html'), shell);
  await writeFile(
    path.join(dir, 'landing.html'),
    shell.replace('<div id="root"></div>', '<div id="root"><h1>__APP_CONFIG_productName__</h1></div>'),
  );
  // Over hapi's 1 KB compression floor, so the gzip variant is exercised too.
  await writeFile(path.join(dir, ASSET), `console.log(${JSON.stringify('x'.repeat(4000))});`);
  await writeFile(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

/** What every visitor sees alike, and the Cache-Control each must carry. */
const PUBLIC_ANSWERS: [string, string][] = [
  ['/', PUBLIC_CACHE_CONTROL],
  ['/assessment', PUBLIC_CACHE_CONTROL],
  ['/matrix', PUBLIC_CACHE_CONTROL],
  ['/api/pillars', PUBLIC_CACHE_CONTROL],
  ['/api/assessment-questions', PUBLIC_CACHE_CONTROL],
  ['/api/matrix-cells', PUBLIC_CACHE_CONTROL],
  ['/api/demographic-fields', PUBLIC_CACHE_CONTROL],
  ['/api/consent-statement', PUBLIC_CACHE_CONTROL],
  ['/api/config', PUBLIC_CACHE_CONTROL],
  ['/favicon.svg', PUBLIC_CACHE_CONTROL],
  [ASSET, IMMUTABLE_CACHE_CONTROL],
];

describe.each(testDatabaseKinds)('answers a CDN can keep on $name', (kind) => {
  let app: TestApp;
  let webDir: string;
  let admin: SignedIn;

  beforeAll(async () => {
    webDir = await webBuild();
    app = await startTestApp(kind, { config: { webDistDir: webDir } });
    admin = await signedInAs(app, await createTestUser(app.db, { role: 'admin', status: 'approved' }));
  });
  afterAll(async () => {
    await app?.close();
    if (webDir) await rm(webDir, { recursive: true, force: true });
  });

  it.each(PUBLIC_ANSWERS)(
    '%s sets no cookie, carries a strong ETag and answers 304 to it',
    async (url, cacheControl) => {
      for (const encoding of ['identity', 'gzip']) {
        const where = `${url} (${encoding})`;
        const first = await app.server.inject({ url, headers: { 'accept-encoding': encoding } });
        expect(first.statusCode, where).toBe(200);
        expect(first.headers['set-cookie'], where).toBeUndefined();
        expect(first.headers['cache-control'], where).toBe(cacheControl);
        const etag = String(first.headers.etag);
        expect(etag, where).toMatch(/^"[^"]+"$/);

        const again = await app.server.inject({
          url,
          headers: { 'accept-encoding': encoding, 'if-none-match': etag },
        });
        expect(again.statusCode, where).toBe(304);
        expect(again.payload, where).toBe('');
        expect(again.headers.etag, where).toBe(etag);
        expect(again.headers['cache-control'], where).toBe(cacheControl);
        expect(again.headers['set-cookie'], where).toBeUndefined();

        const stale = await app.server.inject({
          url,
          headers: { 'accept-encoding': encoding, 'if-none-match': '"an-older-version"' },
        });
        expect(stale.statusCode, where).toBe(200);
      }
    },
  );

  it('gives the gzip and the plain answer different tags, as a strong ETag must', async () => {
    const plain = await app.server.inject({
      url: '/api/pillars',
      headers: { 'accept-encoding': 'identity' },
    });
    const gzip = await app.server.inject({ url: '/api/pillars', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.etag).not.toBe(plain.headers.etag);
  });

  it('sets no cookie on public answers even for a browser that already holds the session and CSRF cookies', async () => {
    for (const [url] of PUBLIC_ANSWERS) {
      const response = await app.server.inject({ url, headers: { cookie: admin.headers.cookie! } });
      expect(response.headers['set-cookie'], url).toBeUndefined();
      // The signed-in admin gets the same public answer as anyone: nothing personal is cached.
      expect(response.headers['cache-control'], url).toMatch(/^public/);
      expect(response.headers['x-csrf-token'], url).toBeUndefined();
    }
  });

  it('changes the pillars ETag and body once an admin edits a pillar, and serves the old tag in full', async () => {
    const before = await app.server.inject({ url: '/api/pillars' });
    const [pillar] = JSON.parse(before.payload) as Pillar[];
    const { id, key: _key, ...input } = pillar!;
    const renamed = `${input.name} and Delivery`;
    const edit = await app.server.inject({
      method: 'PUT',
      url: `/api/admin/pillars/${id}`,
      headers: admin.headers,
      payload: { ...input, name: renamed },
    });
    expect(edit.statusCode).toBe(200);

    const after = await app.server.inject({
      url: '/api/pillars',
      headers: { 'if-none-match': String(before.headers.etag) },
    });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).toMatch(/^"[^"]+"$/);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect((JSON.parse(after.payload) as Pillar[]).find((p) => p.id === id)?.name).toBe(renamed);
    const unchanged = await app.server.inject({
      url: '/api/pillars',
      headers: { 'if-none-match': String(after.headers.etag) },
    });
    expect(unchanged.statusCode).toBe(304);
  });

  it('keeps every personal answer out of caches: no-store, no ETag', async () => {
    const submissionId = await submitAs(app);
    const key = bearer((await createTestApiKey(app, 'read')).token);
    const personal: [string, ServerInjectOptions][] = [
      ['a visitor’s results', { url: `/api/assessment/results/${submissionId}` }],
      ['a visitor’s comparison', { url: `/api/assessment/comparison/${submissionId}` }],
      ['the results page', { url: `/results/${submissionId}` }],
      ['the admin portal', { url: '/admin/submissions' }],
      ['the signed-in user', { url: '/api/auth/user', headers: admin.headers }],
      ['an admin read', { url: '/api/admin/pillars', headers: admin.headers }],
      ['a key read', { url: '/api/v1/pillars', headers: key }],
      ['a key read refused', { url: '/api/v1/pillars' }],
      ['an API path no route has', { url: '/api/v1/no-such-thing', headers: key }],
      ['the sign-in page', { url: '/api/login' }],
      ['an unknown page', { url: '/no-such-page' }],
    ];
    for (const [label, options] of personal) {
      const response = await app.server.inject(options);
      expect(response.statusCode, label).toBeLessThan(500);
      expect(response.headers['cache-control'], label).toBe('no-store');
      expect(response.headers.etag, label).toBeUndefined();
    }
  });

  it('takes a submission from a visitor who holds no cookie, and answers it no-store', async () => {
    const landing = await app.server.inject({ url: '/' });
    expect(landing.headers['set-cookie']).toBeUndefined();
    const questions = await app.request<{ id: number; answers: { id: number }[] }[]>({
      url: '/api/assessment-questions',
    });
    const submitted = await app.request<{ submissionId: string }>({
      method: 'POST',
      url: '/api/assessment/submit',
      payload: {
        demographicData: {
          first_name: 'Ola',
          last_name: 'Nordmann',
          email_address: 'ola@fjord-it.example',
          company: 'Fjord IT',
          employee_count: '11-25',
          managed_companies: '26-50',
        },
        answers: questions.body.map((q) => ({ questionId: q.id, answerId: q.answers[0]!.id })),
      },
    });
    expect(submitted.status).toBe(201);
    expect(submitted.headers['cache-control']).toBe('no-store');
    expect(submitted.headers['set-cookie']).toBeUndefined();
    const results = await app.server.inject({
      url: `/api/assessment/results/${submitted.body.submissionId}`,
    });
    expect(results.statusCode).toBe(200);
  });

  it('issues the CSRF token with the sign-in form that needs it, and refuses a write without it', async () => {
    const page = await app.server.inject({ url: '/api/login' });
    const crumb = cookiesOf(page.headers).crumb;
    expect(crumb).toBeTruthy();
    expect(page.payload).toContain(`name="crumb" value="${crumb}"`);

    const unsigned = await app.server.inject({
      method: 'PUT',
      url: '/api/admin/pillars/1',
      headers: { cookie: admin.headers.cookie! },
      payload: { name: 'X', description: 'Y', order: 1, isActive: true },
    });
    expect(unsigned.statusCode).toBe(403);
  });

  it('refuses to make anything but a public read cacheable', () => {
    expect(() => contractRoute(pillarRoutes.listAdminPillars, () => [], { publicContent: true })).toThrow(
      /not a public read/,
    );
    expect(() =>
      contractRoute(pillarRoutes.createPillar, () => ({}) as Pillar, { publicContent: true }),
    ).toThrow(/not a public read/);
  });
});
