import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-database.js';

const SHELL = `<!doctype html><html><head><title>x</title><!--app-config--></head><body><div id="root"></div></body></html>`;

function frameAncestors(policy: unknown): string | undefined {
  return /(?:^|;)\s*frame-ancestors\s+([^;]*)/.exec(String(policy))?.[1]?.trim();
}

describe.each(testDatabaseKinds)('the embeddable assessment on $name', (kind) => {
  let distDir: string;
  let allowing: TestApp;
  let refusing: TestApp;

  beforeAll(async () => {
    distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'msp-embed-test-'));
    fs.writeFileSync(path.join(distDir, 'index.html'), SHELL);
    allowing = await startTestApp(kind, {
      seed: false,
      config: { webDistDir: distDir },
      env: { EMBED_ALLOWED_ORIGINS: 'https://partner.example, http://127.0.0.1:8123/' },
    });
    refusing = await startTestApp(kind, { seed: false, config: { webDistDir: distDir } });
  });
  afterAll(async () => {
    await allowing?.close();
    await refusing?.close();
    fs.rmSync(distDir, { recursive: true, force: true });
  });

  it('lets the allowed sites, and only those, frame /embed and its results', async () => {
    for (const url of ['/embed', '/embed/', '/embed/results/abc']) {
      const response = await allowing.server.inject(url);
      expect(response.statusCode, url).toBe(200);
      expect(frameAncestors(response.headers['content-security-policy']), url).toBe(
        'https://partner.example http://127.0.0.1:8123',
      );
      // The older header cannot name sites; with it the browser would refuse every parent.
      expect(response.headers['x-frame-options'], url).toBeUndefined();
      expect(response.payload, url).toContain(
        '<meta name="msp-embed-allowed-origins" content="https://partner.example http://127.0.0.1:8123">',
      );
    }
    // The embedded results are one visitor's: no cache keeps them.
    expect((await allowing.server.inject('/embed/results/abc')).headers['cache-control']).toBe('no-store');
  });

  it('still lets no site frame any other page or the API', async () => {
    for (const url of [
      '/',
      '/assessment',
      '/results/abc',
      '/admin',
      '/admin/integrations',
      '/embedded',
      '/api/pillars',
    ]) {
      const response = await allowing.server.inject(url);
      expect(frameAncestors(response.headers['content-security-policy']), url).toBe("'none'");
      expect(response.headers['x-frame-options'], url).toBe('DENY');
    }
  });

  it('lets no site frame /embed when no origin is allowed, as before', async () => {
    const response = await refusing.server.inject('/embed');
    expect(response.statusCode).toBe(200);
    expect(frameAncestors(response.headers['content-security-policy'])).toBe("'none'");
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.payload).toContain('<meta name="msp-embed-allowed-origins" content="">');
  });

  it('serves /embed.js as a cacheable script that sets no cookie', async () => {
    const response = await allowing.server.inject('/embed.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.headers['cache-control']).toMatch(/^public, max-age=\d+/);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(response.payload).toContain('[data-msp-assessment]');
    const etag = String(response.headers.etag);
    expect(etag).toMatch(/^"/);
    const again = await allowing.server.inject({ url: '/embed.js', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
  });
});
