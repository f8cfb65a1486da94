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
    fs.writeFileSync(path.join(distDir, file), shell.replace(root, `<div id="root">${body}</div>`));
    console.log(`Prerendered the landing page: dist/${file} (${body.length} characters in #root)`);
  }
} finally {
  fs.rmSync(ssrDir, { recursive: true, force: true });
}
