import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-database.js';

const SHELL = `<!doctype html><html><head><title>x</title><!--app-config--><script>theme()</script></head><body><div id="root"></div></body></html>`;
const LANDING = SHELL.replace(
  '<div id="root"></div>',
  '<div id="root"><a href="__APP_CONFIG_providerUrl__">__APP_CONFIG_productName__</a><p>© 2025 __APP_CONFIG_providerName__</p></div>',
);

describe.each(testDatabaseKinds)('the web app shell on $name', (kind) => {
  let app: TestApp;
  let distDir: string;
  beforeAll(async () => {
    distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'msp-web-test-'));
    fs.writeFileSync(path.join(distDir, 'index.html'), SHELL);
    fs.writeFileSync(path.join(distDir, 'landing.html'), LANDING);
    app = await startTestApp(kind, {
      seed: false,
      config: { webDistDir: distDir },
      env: {
        PRODUCT_NAME: 'Ops <Maturity> & "Co"',
        PROVIDER_NAME: "O'Brien IT",
        PROVIDER_URL: 'https://provider.example/?a=1&b=2',
      },
    });
  });
  afterAll(async () => {
    await app?.close();
    fs.rmSync(distDir, { recursive: true, force: true });
  });

  it('sends the prerendered landing page at / with the configured names, escaped', async () => {
    const response = await app.server.inject('/');
    expect(response.statusCode).toBe(200);
    expect(response.payload).toContain(
      '<a href="https://provider.example/?a=1&amp;b=2">Ops &lt;Maturity&gt; &amp; &quot;Co&quot;</a>',
    );
    expect(response.payload).toContain('<p>© 2025 O&#39;Brien IT</p>');
    expect(response.payload).not.toContain('__APP_CONFIG_');
    // The page's config holds the same values, for the hydrating render.
    expect(response.payload).toContain('"productName":"Ops \\u003cMaturity\\u003e \\u0026 \\"Co\\""');
  });

  it('sends the empty shell on the other routes, and one script policy for both', async () => {
    const landing = await app.server.inject('/');
    const other = await app.server.inject('/assessment');
    expect(other.statusCode).toBe(200);
    expect(other.payload).toContain('<div id="root"></div>');
    expect(other.headers['content-security-policy']).toBe(landing.headers['content-security-policy']);
    expect(String(other.headers['content-security-policy'])).toMatch(/script-src 'self' 'sha256-[^']+'/);
  });
});
