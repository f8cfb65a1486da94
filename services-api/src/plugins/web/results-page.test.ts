import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submitAs } from '../../test/submission-helpers.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-database.js';

const SHELL = `<!doctype html><html><head><title>x</title><!--app-config--></head><body><div id="root"></div></body></html>`;
/** The build's shell for a drawn results page: its first paint's rules inlined. */
const DRAWN_RESULTS = SHELL.replace('</head>', '<style>.results-critical{}</style></head>');

/** The page's inlined reads, when it carries them. */
function inlinedReads(page: string): { language: string; reads: Record<string, unknown> } | null {
  const json = /<script id="app-reads" type="application\/json">(.*?)<\/script>/s.exec(page)?.[1];
  return JSON.parse(json ?? 'null') as { language: string; reads: Record<string, unknown> } | null;
}

describe.each(testDatabaseKinds)('a results page on $name', (kind) => {
  let app: TestApp;
  let distDir: string;
  beforeAll(async () => {
    distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'msp-results-page-test-'));
    fs.writeFileSync(path.join(distDir, 'index.html'), SHELL);
    fs.writeFileSync(path.join(distDir, 'drawn-results.html'), DRAWN_RESULTS);
    // The build's page render, as the server calls it: what it was given, drawn as text. A company
    // called "Undrawable" fails it, as a render may.
    fs.mkdirSync(path.join(distDir, 'server'));
    fs.writeFileSync(
      path.join(distDir, 'server', 'prerender.js'),
      `export async function renderPage(path, { messages, reads }) {
        const results = reads.getResults;
        if (results.submission.demographicData.company === 'Undrawable') throw new Error('not drawable');
        return '<h1>' + [path, messages.language, results.pillarScores.map((s) => s.pillarName).join(', ')].join('|') + '</h1>';
      }`,
    );
    fs.writeFileSync(
      path.join(distDir, 'route-preloads.json'),
      JSON.stringify({
        '/results': { scripts: ['/assets/ResultsPage-x.js'], styles: ['/assets/ResultsPage-x.css'] },
      }),
    );
    // The follow-up jobs wait: a submission's analysis is written by its first view, at once.
    app = await startTestApp(kind, {
      config: { webDistDir: distDir },
      jobs: { run: false },
      analysisWaitMs: 0,
    });
  });
  afterAll(async () => {
    await app?.close();
    fs.rmSync(distDir, { recursive: true, force: true });
  });

  const analysisOf = async (id: string) =>
    (await app.db('submissions').where({ id }).first('ai_analysis')) as { ai_analysis: unknown };

  it('is sent at once while its analysis is being written, with its read asked for; drawn from its results once it is written', async () => {
    const id = await submitAs(app, { company: 'Drawn IT' });
    const first = await app.server.inject(`/results/${id}`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    // Not drawn, and the page's request wrote no analysis: the app's read does, and shows it coming.
    expect(first.payload).toContain('<div id="root"></div>');
    expect(first.payload).not.toContain('results-critical');
    expect(first.payload).toContain(
      `<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/assessment/results/${id}?lang=en">`,
    );
    expect(first.payload).toContain('<link rel="modulepreload" crossorigin href="/assets/ResultsPage-x.js">');
    expect(inlinedReads(first.payload)).toBeNull();
    expect((await analysisOf(id)).ai_analysis).toBeNull();

    const read = await app.server.inject(`/api/assessment/results/${id}?lang=en`);
    expect(read.statusCode).toBe(200);
    const results = JSON.parse(read.payload) as { pillarScores: { pillarName: string }[] };

    // Opened again (a link from the email): drawn from its results and how they compare, which it
    // carries for the app.
    const page = (await app.server.inject(`/results/${id}`)).payload;
    const pillars = results.pillarScores.map((score) => score.pillarName).join(', ');
    expect(page).toContain(`<div id="root"><h1>/results/${id}|en|${pillars}</h1></div>`);
    expect(page).toContain('<style>.results-critical{}</style>');
    const comparison = await app.server.inject(`/api/assessment/comparison/${id}?lang=en`);
    expect(comparison.statusCode).toBe(200);
    expect(inlinedReads(page)).toEqual({
      language: 'en',
      reads: { getResults: JSON.parse(read.payload), getComparison: JSON.parse(comparison.payload) },
    });
    // Titled as the app titles it, which it does only once the visitor reaches for the page.
    expect(page).toMatch(/<title>Your Results · [^<]+<\/title>/);
    // Its code comes after its paint, with the after-paint loader: nothing preloaded ahead of it.
    expect(page).toContain(
      '<script id="app-preloads" type="application/json">["/assets/ResultsPage-x.js"]</script>',
    );
    expect(page).not.toContain('modulepreload');
    expect(page).not.toContain('rel="preload"');
  });

  it('carries its results undrawn where the drawing fails, and asks for them for an unknown submission', async () => {
    const id = await submitAs(app, { company: 'Undrawable' });
    expect((await app.server.inject(`/api/assessment/results/${id}`)).statusCode).toBe(200);
    app.logs();
    const page = (await app.server.inject(`/results/${id}`)).payload;
    expect(page).toContain('<div id="root"></div>');
    expect(inlinedReads(page)?.reads).toHaveProperty('getResults');
    expect(page).toContain('<link rel="stylesheet" href="/assets/ResultsPage-x.css">');
    expect(page).not.toContain('rel="preload"');
    expect(app.logs()).toContain('Could not draw the page on the server');

    const unknown = (await app.server.inject('/results/6f1c2a9e-0b7d-4c1e-9a53-2f8e4d1b7c60')).payload;
    expect(unknown).toContain('<div id="root"></div>');
    expect(inlinedReads(unknown)).toBeNull();
    expect(unknown).toContain(
      '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/assessment/results/6f1c2a9e-0b7d-4c1e-9a53-2f8e4d1b7c60?lang=en">',
    );
  });
});
