import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, signedInAs } from '../../test/auth-helpers.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-database.js';

const SHELL = `<!doctype html><html><head><title>x</title><!--app-config--><script>theme()</script></head><body><div id="root"></div></body></html>`;
/** The build's shell for the drawn assessment: its first paint's rules inlined, its stylesheets loaded late. */
const DRAWN_ASSESSMENT = SHELL.replace(
  '</head>',
  '<style>.critical{}</style><script>loadCss()</script></head>',
);
/** The build's shell for the landing page the server draws. */
const DRAWN_LANDING = SHELL.replace('</head>', '<style>.landing-critical{}</style></head>');
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
    fs.writeFileSync(path.join(distDir, 'drawn-assessment.html'), DRAWN_ASSESSMENT);
    fs.writeFileSync(path.join(distDir, 'drawn-landing.html'), DRAWN_LANDING);
    // The build's page render, as the server calls it: what it was given, drawn as text. The matrix's
    // fails, as a render may, to be served without its drawing, and so does a landing page whose
    // first pillar is called "Undrawable".
    fs.mkdirSync(path.join(distDir, 'server'));
    fs.writeFileSync(
      path.join(distDir, 'server', 'prerender.js'),
      `export async function renderPage(path, { messages, config, reads }) {
        if (path === '/matrix') throw new Error('no matrix here');
        const pillars = (reads.listPillars ?? []).map((pillar) => pillar.name);
        if (pillars[0] === 'Undrawable') throw new Error('no landing page here');
        return '<p>' + [path, messages.language, config.productName, Object.keys(reads).join(' '),
          path === '/' ? pillars.join(', ') : reads.getConsentStatement.statement?.text].join('|') + '</p>';
      }`,
    );
    fs.writeFileSync(
      path.join(distDir, 'route-preloads.json'),
      JSON.stringify({
        '/assessment': { scripts: ['/assets/AssessmentPage-x.js'], styles: ['/assets/AssessmentPage-x.css'] },
        '/results': { scripts: ['/assets/ResultsPage-x.js'], styles: ['/assets/ResultsPage-x.css'] },
      }),
    );
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

  /** An administrator's change of the consent statement, as the Settings screen makes it. */
  const changeConsent = async (text: string) => {
    const admin = await signedInAs(app, await createTestUser(app.db, { role: 'admin', status: 'approved' }));
    const changed = await app.server.inject({
      method: 'PUT',
      url: '/api/admin/consent-statement',
      payload: { text },
      headers: admin.headers,
    });
    expect(changed.statusCode, changed.payload).toBe(200);
  };

  /** An administrator's new pillar, or a pillar renamed, as the Pillars screen saves it. */
  const savePillar = async (name: string, id?: number): Promise<number> => {
    const admin = await signedInAs(app, await createTestUser(app.db, { role: 'admin', status: 'approved' }));
    const saved = await app.server.inject({
      method: id === undefined ? 'POST' : 'PUT',
      url: id === undefined ? '/api/admin/pillars' : `/api/admin/pillars/${id}`,
      payload: { name, description: `What ${name} covers.`, order: 1, isActive: true },
      headers: admin.headers,
    });
    expect(saved.statusCode, saved.payload).toBeLessThan(300);
    return (JSON.parse(saved.payload) as { id: number }).id;
  };
  const root = (page: string) => /<div id="root"[^>]*>.*?<\/div>/s.exec(page)?.[0];

  it('draws the landing page from its pillars, anew after a change, and sends the build’s where it cannot', async () => {
    const id = await savePillar('Service Desk');
    const drawn = (await app.server.inject('/')).payload;
    // Drawn into the build's shell for it, from the pillars it carries for the app to take over.
    expect(drawn).toContain('<style>.landing-critical{}</style>');
    expect(root(drawn)).toBe(
      '<div id="root"><p>/|en|Ops <Maturity> & "Co"|listPillars|Service Desk</p></div>',
    );
    const reads = /<script id="app-reads" type="application\/json">(.*?)<\/script>/s.exec(drawn)?.[1];
    expect(JSON.parse(reads ?? 'null')).toEqual({
      language: 'en',
      reads: {
        listPillars: JSON.parse((await app.server.inject('/api/pillars?lang=en')).payload) as unknown,
      },
    });

    await savePillar('Automation Desk', id);
    expect(root((await app.server.inject('/')).payload)).toContain('|Automation Desk</p>');

    // A render that fails: the build's prerendered page, its content's loading states, with the
    // configured names, escaped.
    await savePillar('Undrawable', id);
    const response = await app.server.inject('/');
    expect(response.statusCode).toBe(200);
    expect(response.payload).not.toContain('landing-critical');
    expect(response.payload).not.toContain('app-reads');
    expect(response.payload).toContain(
      '<a href="https://provider.example/?a=1&amp;b=2">Ops &lt;Maturity&gt; &amp; &quot;Co&quot;</a>',
    );
    expect(response.payload).toContain('<p>© 2025 O&#39;Brien IT</p>');
    expect(response.payload).not.toContain('__APP_CONFIG_');
    // The page's config holds the same values, for the hydrating render.
    expect(response.payload).toContain('"productName":"Ops \\u003cMaturity\\u003e \\u0026 \\"Co\\""');
    const removed = await app.server.inject({
      method: 'DELETE',
      url: `/api/admin/pillars/${id}`,
      headers: (await signedInAs(app, await createTestUser(app.db, { role: 'admin', status: 'approved' })))
        .headers,
    });
    expect(removed.statusCode, removed.payload).toBe(200);
  });

  it('sends the empty shell on the other routes, and one script policy for all', async () => {
    const landing = await app.server.inject('/');
    const other = await app.server.inject('/my');
    expect(other.statusCode).toBe(200);
    expect(other.payload).toContain('<div id="root"></div>');
    expect(other.headers['content-security-policy']).toBe(landing.headers['content-security-policy']);
    const policy = String(other.headers['content-security-policy']);
    expect(policy).toMatch(/script-src 'self' 'sha256-[^']+'/);
    // The drawn assessment's shell's own script (its stylesheets' loader) is allowed too.
    const loader = createHash('sha256').update('loadCss()').digest('base64');
    expect(policy).toContain(`'sha256-${loader}'`);
    expect((await app.server.inject('/assessment')).headers['content-security-policy']).toBe(policy);
  });

  it('sends a results page with its code and its read asked for at once, and nothing of it for an odd address', async () => {
    const id = '6f1c2a9e-0b7d-4c1e-9a53-2f8e4d1b7c60';
    const page = await app.server.inject(`/results/${id}?lang=de`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    const head = page.payload.slice(0, page.payload.indexOf('</head>'));
    expect(head).toContain('<link rel="stylesheet" href="/assets/ResultsPage-x.css">');
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/ResultsPage-x.js">');
    // The read in the page's language (the seedless site offers English alone).
    expect(head).toContain(
      `<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/assessment/results/${id}?lang=en">`,
    );
    for (const odd of ['/results/a%22%3E%3Cscript%3E', `/embed/results/${id}`, '/my']) {
      expect((await app.server.inject(odd)).payload, odd).not.toContain('ResultsPage-x');
    }
  });

  it('carries the assessment’s reads and code in its page, and a content change into the next page', async () => {
    const inlined = async (url: string) => {
      const page = (await app.server.inject(url)).payload;
      const json = /<script id="app-reads" type="application\/json">(.*?)<\/script>/s.exec(page)?.[1];
      return {
        page,
        data: JSON.parse(json ?? 'null') as { language: string; reads: Record<string, unknown> },
      };
    };
    const api = async (url: string) => JSON.parse((await app.server.inject(url)).payload) as unknown;

    const { page, data } = await inlined('/assessment');
    // Drawn into the build's shell for it, which loads the page's stylesheets itself (late), and
    // with the page's code for the after-paint loader rather than preloaded ahead of the paint.
    expect(page).toContain('<style>.critical{}</style><script>loadCss()</script>');
    expect(page).not.toContain('AssessmentPage-x.css');
    expect(page).not.toContain('modulepreload');
    expect(page).toContain(
      '<script id="app-preloads" type="application/json">["/assets/AssessmentPage-x.js"]</script>',
    );
    expect(data).toEqual({
      language: 'en',
      reads: {
        listDemographicFields: await api('/api/demographic-fields?lang=en'),
        listAssessmentQuestions: await api('/api/assessment-questions?lang=en'),
        getConsentStatement: await api('/api/consent-statement'),
      },
    });
    // The matrix page carries its reads (and no preloads: the build listed none for it).
    const matrix = await inlined('/matrix');
    expect(Object.keys(matrix.data.reads)).toEqual(['listPillars', 'listMatrixCells']);
    expect(matrix.page).not.toContain('modulepreload');
    // Other pages carry none.
    expect((await app.server.inject('/my')).payload).not.toContain('app-reads');

    await changeConsent('I agree that "Northwind & Co" may contact me.');
    const after = await inlined('/assessment');
    expect(after.data.reads.getConsentStatement).toEqual(await api('/api/consent-statement'));
    expect(JSON.stringify(after.data.reads.getConsentStatement)).toContain('Northwind & Co');
    // Inlined as JSON no script element can end early on.
    expect(after.page).toContain('\\"Northwind \\u0026 Co\\"');
  });

  it('draws the assessment’s first screen from its reads, anew after a change, and serves a page whose drawing failed', async () => {
    const assessment = await app.server.inject('/assessment');
    expect(root(assessment.payload)).toBe(
      '<div id="root" data-needs-script><p>/assessment|en|Ops <Maturity> & "Co"|' +
        'listDemographicFields listAssessmentQuestions getConsentStatement|' +
        'I agree that "Northwind & Co" may contact me.</p></div>',
    );
    await changeConsent('You may write to me.');
    expect(root((await app.server.inject('/assessment')).payload)).toContain('|You may write to me.</p>');

    const matrix = await app.server.inject('/matrix');
    expect(matrix.statusCode).toBe(200);
    expect(root(matrix.payload)).toBe('<div id="root"></div>');
    expect(matrix.payload).toContain('id="app-reads"');
  });
});
