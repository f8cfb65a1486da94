// The render this runs (dist/server/, built by `vite build --ssr`) stays for the server, which draws
// the landing page, the assessment's first screen, the matrix and results pages with it from their
// current content, into dist/drawn-landing.html, dist/drawn-assessment.html, dist/drawn-matrix.html
// and dist/drawn-results.html: the shell with the rules their first paint needs inlined, and their
// code loaded after that paint.
// It also writes dist/landing.html (the source language, English) and dist/landing.<lang>.html for
// every other language whose strings ship: the built index.html with the landing page prerendered
// into #root, with its content's loading states, which the server sends should it fail to draw it.
import console from 'node:console';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Beasties from 'beasties';
import { afterPaintLoader } from './after-paint-loader.mjs';

const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ssrDir = path.join(appDir, 'dist', 'server');
const distDir = path.join(appDir, 'dist');
const SOURCE_LANGUAGE = 'en';
const root = '<div id="root"></div>';

/**
 * The prerendered page's code leaves its head (the entry script and its module preloads) and is
 * loaded by `afterPaintLoader`, inlined at the end of the body: there it waits for the stylesheet
 * above it and holds up the parsing of nothing. A page read before it is used (`onIntent`: the
 * landing page, with the build's visit module, and a results page) has it load when its visitor
 * reaches for the page; the landing page's visit module loads after its paint.
 */
function loadCodeAfterFirstPaint(html, onIntent) {
  const entries = [...html.matchAll(/\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g)];
  const preloads = [...html.matchAll(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g)];
  if (entries.length !== 1) throw new Error(`dist/index.html has ${entries.length} module scripts, not one`);
  let page = html;
  for (const [tag] of [...entries, ...preloads]) page = page.replace(tag, '');
  const options = onIntent ? { onIntent: true, ...onIntent } : {};
  const call = `(${afterPaintLoader.toString()})(${JSON.stringify(entries[0][1])}, ${JSON.stringify(preloads.map(([, href]) => href))}, ${JSON.stringify(options)});`;
  return page.replace('</body>', `  <script>${call}</script>\n  </body>`);
}

/**
 * A page read before it is used has its whole stylesheet applied by its loader with its app, when
 * the visitor reaches for the page: Beasties' own loader, which applies it as soon as it arrives,
 * goes. Its preload stays, so the stylesheet is at hand by then, and so does its <noscript> link.
 */
function applyStylesheetsWithApp(html) {
  const loaders = /<script data-href="[^"]+" data-media="[^"]+">function \$loadcss[\s\S]*?<\/script>/g;
  if (!loaders.test(html))
    throw new Error('Beasties loaded no stylesheet lazily: the page has none to defer');
  return html.replace(loaders, '');
}

/**
 * The page's first paint waits for no stylesheet: the rules its prerendered HTML uses are inlined
 * in its head, and the whole stylesheet (half a megabyte: Blueprint's, parsed slowly on a phone)
 * loads without blocking, for what hydration and the next pages draw. The page is looked at as
 * dark, where every light rule also applies (the theme script picks the theme before the paint),
 * right to left and on a site of one language, so the rules for those are kept too; its own
 * <html> tag is put back after.
 */
async function inlineCriticalCss(html) {
  const htmlTag = /<html[^>]*>/.exec(html)[0];
  const beasties = new Beasties({
    path: distDir,
    publicPath: '/',
    preload: 'js-lazy',
    noscriptFallback: true,
    pruneSource: false,
    reduceInlineStyles: false,
    // Beasties looks for a selector without a class or an id in the body alone, and the dark
    // theme's colours are set on the <html> element: without this, a dark page painted light.
    // The theme buttons' pressed look, which the drawing (made for anyone) never has: the page's loader
    // presses the visitor's choice before the app runs (after-paint-loader.mjs).
    allowRules: [
      /^\[data-theme=dark\]$/,
      /^(\.bp6-dark )?(\.bp6-button-group\.bp6-minimal )?\.bp6-button(\.bp6-minimal)?\.bp6-active$/,
    ],
    logLevel: 'warn',
  });
  const processed = await beasties.process(
    html
      .replace(htmlTag, '<html lang="en" dir="rtl" data-languages="1" data-theme="dark" class="bp6-dark">')
      // Beasties preloads each stylesheet as the link asks, then loads it with a link of its own,
      // which asks in no CORS mode: Chromium then uses no preload and warns. Same-origin stylesheets
      // need none.
      .replace(/(<link rel="stylesheet") crossorigin/g, '$1'),
  );
  return processed.replace(/<html[^>]*>/, htmlTag);
}

/**
 * The pages the server draws (services-api's route-pages.ts), each with the module of its code
 * that the entry does not load: the landing page's own is in the entry, and its matrix, drawn once
 * the app runs, is what it loads after.
 */
const PAGE_MODULES = {
  '/': 'src/components/matrix/MaturityMatrix.tsx',
  '/assessment': 'src/public/assessment/AssessmentPage.tsx',
  '/matrix': 'src/public/matrix/MatrixPage.tsx',
  '/results': 'src/public/results/ResultsPage.tsx',
};

/** The file of the shell the server draws `page` into, as services-api's web plugin names it. */
const drawnShellFile = (page) => `drawn-${page === '/' ? 'landing' : page.slice(1)}.html`;

/** The module of the landing page's visit, an entry of the build of its own (vite.config.ts). */
const VISIT_MODULE = 'src/public/landing/visit.ts';

/**
 * dist/route-preloads.json: for each page, the chunks its lazily loaded module imports and their
 * stylesheets, less what the entry loads anyway; from the build's manifest. Returned with the
 * address of the landing page's visit module.
 */
function writeRoutePreloads() {
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  const closure = (key, seen = new Set()) => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) closure(imported, seen);
    return seen;
  };
  const entry = closure('index.html');
  const preloads = {};
  for (const [page, module] of Object.entries(PAGE_MODULES)) {
    if (!manifest[module]) throw new Error(`The build's manifest has no ${module}`);
    const chunks = [...closure(module)].filter((key) => !entry.has(key));
    preloads[page] = {
      scripts: chunks.map((key) => `/${manifest[key].file}`),
      styles: [...new Set(chunks.flatMap((key) => manifest[key].css ?? []))].map((file) => `/${file}`),
    };
  }
  if (!manifest[VISIT_MODULE]?.isEntry) throw new Error(`The build's manifest has no entry ${VISIT_MODULE}`);
  // Its imports are preloaded with it: followed one by one, they were three round trips.
  const visit = {
    visit: `/${manifest[VISIT_MODULE].file}`,
    visitImports: [...closure(VISIT_MODULE)]
      .filter((key) => key !== VISIT_MODULE)
      .map((key) => `/${manifest[key].file}`),
  };
  fs.writeFileSync(path.join(distDir, 'route-preloads.json'), JSON.stringify(preloads, null, 2));
  // The manifests serve nothing a visitor or the server needs.
  fs.rmSync(path.join(distDir, '.vite'), { recursive: true, force: true });
  fs.rmSync(path.join(ssrDir, '.vite'), { recursive: true, force: true });
  return { preloads, visit };
}

/**
 * The shell the server draws `page` into (dist/drawn-<page>.html, the name services-api's web
 * plugin reads): its code loaded after the paint, and the rules of the app's and the page's
 * stylesheets that its first screen uses inlined, learnt from the page drawn from a sample of every
 * kind of content (`renderSample`), with the stylesheets themselves loaded without holding up the
 * paint. The drawing is emptied out again: the server draws the page from its current content.
 */
async function writeDrawnShell(shell, page, styles, renderSample) {
  const links = styles.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`).join('');
  const sample = await renderSample(page);
  // A results page is a report, read before anything on it is used: its app, which would hold a
  // slowed phone's main thread for a second as the page loads, comes when the visitor reaches for it.
  const onIntent = { '/': visit, '/results': {} }[page];
  const inlined = await inlineCriticalCss(
    loadCodeAfterFirstPaint(shell, onIntent)
      .replace('</head>', `${links}</head>`)
      .replace(root, () => `<div id="root">${sample}</div>`),
  );
  const processed = onIntent ? applyStylesheetsWithApp(inlined) : inlined;
  const emptied = processed.replace(/<div id="root">[\s\S]*<\/div>(\s*<!--noscript-->)/, `${root}$1`);
  if (!emptied.includes(root)) throw new Error(`Could not empty the sample drawing out of ${page}'s shell`);
  const file = drawnShellFile(page);
  fs.writeFileSync(path.join(distDir, file), emptied);
  console.log(`The shell ${page} is drawn into: dist/${file}`);
}

const { preloads, visit } = writeRoutePreloads();
const { renderLanding, renderSample, PRERENDERED_LANGUAGES } = await import(
  pathToFileURL(path.join(ssrDir, 'prerender.js')).href
);
const shell = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
if (!shell.includes(root)) throw new Error(`dist/index.html has no ${root} to prerender into`);
for (const page of Object.keys(PAGE_MODULES)) {
  // The landing page's matrix is drawn by the app, whose code brings its stylesheet: linked in the
  // shell, it would be one more stylesheet applied, and the page laid out again, as it loads.
  const styles = page === '/' ? [] : preloads[page].styles;
  await writeDrawnShell(shell, page, styles, renderSample);
}
for (const language of PRERENDERED_LANGUAGES) {
  const body = await renderLanding(language);
  const file = language === SOURCE_LANGUAGE ? 'landing.html' : `landing.${language}.html`;
  const page = applyStylesheetsWithApp(
    await inlineCriticalCss(
      loadCodeAfterFirstPaint(
        shell.replace(root, `<div id="root" data-languages-unknown>${body}</div>`),
        visit,
      ),
    ),
  );
  fs.writeFileSync(path.join(distDir, file), page);
  console.log(`Prerendered the landing page: dist/${file} (${body.length} characters in #root)`);
}
