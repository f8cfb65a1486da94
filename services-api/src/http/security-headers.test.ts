import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ServerInjectOptions } from '@hapi/hapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApiKey } from '../test/api-key-helpers.js';
import { createTestUser, signedInAs } from '../test/auth-helpers.js';
import { submitAs } from '../test/submission-helpers.js';
import { startTestApp, type TestApp } from '../test/test-app.js';
import { testDatabaseKinds } from '../test/test-database.js';

/** A built web app as small as the web plugin accepts: the shell, one asset, one top-level file. */
async function tinyWebBuild(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'msp-web-'));
  await mkdir(path.join(dir, 'assets'));
  await writeFile(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><title>x</title><!--app-config--></head><body><script type="module" src="/assets/app.js"></script></body></html>',
  );
  await writeFile(path.join(dir, 'assets', 'app.js'), 'console.log(1);');
  await writeFile(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

describe.each(testDatabaseKinds)('security headers on every kind of route on $name', (kind) => {
  let app: TestApp;
  let webDir: string;
  let admin: Record<string, string>;
  let key: Record<string, string>;
  let submissionId: string;

  beforeAll(async () => {
    webDir = await tinyWebBuild();
    app = await startTestApp(kind, { config: { webDistDir: webDir } });
    admin = (await signedInAs(app, await createTestUser(app.db, { role: 'admin', status: 'approved' })))
      .headers;
    key = bearer((await createTestApiKey(app, 'read')).token);
    submissionId = await submitAs(app);
  });
  afterAll(async () => {
    await app?.close();
    if (webDir) await rm(webDir, { recursive: true, force: true });
  });

  /** A sample of each kind: what it is, the request, and whether its answer is personal. */
  const samples = (): [string, ServerInjectOptions, 'no-store' | 'any'][] => [
    ['public JSON', { url: '/api/pillars' }, 'any'],
    ['a visitor’s results', { url: `/api/assessment/results/${submissionId}` }, 'no-store'],
    ['a visitor’s comparison', { url: `/api/assessment/comparison/${submissionId}` }, 'no-store'],
    ['the signed-in user', { url: '/api/auth/user', headers: admin }, 'no-store'],
    ['nobody signed in', { url: '/api/auth/user' }, 'no-store'],
    ['an admin list', { url: '/api/admin/users', headers: admin }, 'no-store'],
    [
      'an admin read of a submission',
      { url: `/api/admin/submissions/${submissionId}`, headers: admin },
      'no-store',
    ],
    ['an admin without the right', { url: '/api/admin/stats' }, 'no-store'],
    ['a CSV export', { url: '/api/admin/submissions/export/csv', headers: admin }, 'no-store'],
    ['a content export', { url: '/api/admin/content/export', headers: admin }, 'no-store'],
    ['a single export', { url: `/api/admin/submissions/${submissionId}/export`, headers: admin }, 'no-store'],
    ['a key route', { url: '/api/v1/pillars', headers: key }, 'no-store'],
    ['a key route refused', { url: '/api/v1/pillars' }, 'no-store'],
    [
      'a write with bad input',
      { method: 'POST', url: '/api/admin/users', headers: admin, payload: {} },
      'no-store',
    ],
    ['the sign-in page', { url: '/api/login' }, 'no-store'],
    ['the sign-out redirect', { url: '/api/logout' }, 'any'],
    ['an unknown API path', { url: '/api/no-such-thing' }, 'any'],
    ['the web app shell', { url: '/' }, 'any'],
    ['the embedded assessment, no site allowed to frame it', { url: '/embed' }, 'any'],
    ['the embed script', { url: '/embed.js' }, 'any'],
    ['an unknown page', { url: '/no-such-page' }, 'any'],
    ['a built asset', { url: '/assets/app.js' }, 'any'],
    ['a top-level file', { url: '/favicon.svg' }, 'any'],
  ];

  it('sends Permissions-Policy, a CSP with object-src and frame-ancestors, and the rest, on each', async () => {
    for (const [label, options, caching] of samples()) {
      const response = await app.server.inject(options);
      const headers = response.headers;
      const where = `${label} (${response.statusCode})`;
      expect(response.statusCode, where).toBeLessThan(500);
      expect(headers['permissions-policy'], where).toContain('camera=()');
      expect(headers['permissions-policy'], where).toContain('geolocation=()');
      expect(headers['content-security-policy'], where).toContain("object-src 'none'");
      expect(headers['content-security-policy'], where).toContain("frame-ancestors 'none'");
      expect(headers['x-content-type-options'], where).toBe('nosniff');
      expect(headers['referrer-policy'], where).toBe('strict-origin-when-cross-origin');
      if (caching === 'no-store') expect(headers['cache-control'], where).toBe('no-store');
    }
  });

  it('lets public content and built assets be cached', async () => {
    const asset = await app.server.inject({ url: '/assets/app.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    const pillars = await app.server.inject({ url: '/api/pillars' });
    expect(pillars.headers['cache-control']).not.toBe('no-store');
  });
});
