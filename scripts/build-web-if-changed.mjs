// `npm start`: builds the web app only when its inputs changed since the last build here, so a
// restart serves at once. `npm run build` (npm test, CI) always builds.
import { execFileSync } from 'node:child_process';
import console from 'node:console';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = path.join(root, 'apps-web/dist');
// Outside dist/, which the server publishes.
const stampFile = path.join(root, 'node_modules/.cache/msp-web-build-inputs');
/** What the web build reads: its sources and config, the shared contract, the locked dependencies. */
const INPUTS = ['apps-web', 'shared', 'package.json', 'package-lock.json', 'tsconfig.json'];
const SKIPPED = new Set(['node_modules', 'dist', 'dist-prerender']);

function files(entry) {
  const full = path.join(root, entry);
  if (!fs.statSync(full).isDirectory()) return [entry];
  return fs
    .readdirSync(full)
    .filter((name) => !SKIPPED.has(name))
    .flatMap((name) => files(path.join(entry, name)));
}

function inputsHash() {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap(files).sort()) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(root, file)));
  }
  return hash.digest('hex');
}

const current = inputsHash();
const built = ['index.html', 'landing.html'].every((file) => fs.existsSync(path.join(distDir, file)));
if (built && fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8') === current) {
  console.log('The web app is up to date: apps-web/dist was built from these sources.');
} else {
  execFileSync('npm', ['run', 'build', '--workspace', 'apps-web'], { cwd: root, stdio: 'inherit' });
  fs.mkdirSync(path.dirname(stampFile), { recursive: true });
  fs.writeFileSync(stampFile, current);
}
