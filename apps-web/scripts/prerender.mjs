// Writes dist/landing.html (the source language, English) and dist/landing.<lang>.html for every
// other language whose strings ship: the built index.html with the landing page prerendered into
// #root. The server sends the visitor's language's at "/", and the other routes get index.html.
import console from 'node:console';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ssrDir = path.join(appDir, 'dist-prerender');
const distDir = path.join(appDir, 'dist');
const SOURCE_LANGUAGE = 'en';

/**
 * The prerendered page paints from its HTML and stylesheet alone, so its code need not load first:
 * the entry script and its module preloads leave the head, and a small script adds them back once
 * the page has painted. Loaded with the page, they shared a slow network with the stylesheet that
 * the first paint waits for. A browser renders no frame (and so runs no animation frame callback)
 * while a stylesheet in the head is loading: the callback's timeout runs after the first paint.
 * Nothing is lost meanwhile: Start is a link, and the page reads as it will once hydrated.
 */
function loadCodeAfterFirstPaint(html) {
  const tags = [
    ...html.matchAll(/\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g),
    ...html.matchAll(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g),
  ];
  const entry = tags.find(([tag]) => tag.includes('<script'));
  if (!entry) throw new Error('dist/index.html has no module script to load after the first paint');
  const preloads = tags.filter((tag) => tag !== entry).map(([, href]) => href);
  const loader =
    '<script>requestAnimationFrame(function () { setTimeout(function () {' +
    `${JSON.stringify(preloads)}.forEach(function (href) { var l = document.createElement('link'); l.rel = 'modulepreload'; l.crossOrigin = ''; l.href = href; document.head.appendChild(l); });` +
    `var s = document.createElement('script'); s.type = 'module'; s.crossOrigin = ''; s.src = ${JSON.stringify(entry[1])}; document.head.appendChild(s);` +
    '}); });</script>';
  let page = html;
  for (const [tag] of tags) page = page.replace(tag, '');
  // At the end of the body: an inline script waits for the stylesheet above it, and holds up the
  // parsing of nothing after it there.
  return page.replace('</body>', `  ${loader}\n  </body>`);
}

try {
  const { renderLanding, PRERENDERED_LANGUAGES } = await import(
    pathToFileURL(path.join(ssrDir, 'prerender.js')).href
  );
  const shell = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const root = '<div id="root"></div>';
  if (!shell.includes(root)) throw new Error(`dist/index.html has no ${root} to prerender into`);
  for (const language of PRERENDERED_LANGUAGES) {
    const body = await renderLanding(language);
    const file = language === SOURCE_LANGUAGE ? 'landing.html' : `landing.${language}.html`;
    const page = loadCodeAfterFirstPaint(shell.replace(root, `<div id="root">${body}</div>`));
    fs.writeFileSync(path.join(distDir, file), page);
    console.log(`Prerendered the landing page: dist/${file} (${body.length} characters in #root)`);
  }
} finally {
  fs.rmSync(ssrDir, { recursive: true, force: true });
}
