// Writes dist/landing.html: the built index.html with the landing page prerendered into #root.
// The server sends it at "/", and the other routes get the empty index.html.
import console from 'node:console';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ssrDir = path.join(appDir, 'dist-prerender');
const distDir = path.join(appDir, 'dist');

try {
  const { renderLanding } = await import(pathToFileURL(path.join(ssrDir, 'prerender.js')).href);
  const body = await renderLanding();
  const shell = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const root = '<div id="root"></div>';
  if (!shell.includes(root)) throw new Error(`dist/index.html has no ${root} to prerender into`);
  fs.writeFileSync(path.join(distDir, 'landing.html'), shell.replace(root, `<div id="root">${body}</div>`));
  console.log(`Prerendered the landing page: dist/landing.html (${body.length} characters in #root)`);
} finally {
  fs.rmSync(ssrDir, { recursive: true, force: true });
}
