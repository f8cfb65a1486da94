// `npm start` and the CLI scripts: build the server and the web app only when their inputs changed
// since the last build here, so a restart serves at once and a fresh clone builds what it lacks.
// `npm run build` (npm test, CI) always builds. A production install (`npm ci --omit=dev`) has no
// compilers: it serves the built files it was given, and says so when they are missing.
import { execFileSync } from 'node:child_process';
import console from 'node:console';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Outside every dist/: the server publishes apps-web/dist.
const stampDir = path.join(root, 'node_modules/.cache');
const SKIPPED = new Set(['node_modules', 'dist']);
const LOCKED = ['package.json', 'package-lock.json', 'tsconfig.json'];

const TARGETS = {
  server: {
    what: 'the server (services-api and shared, compiled to JavaScript)',
    inputs: [
      'services-api/src',
      'services-api/package.json',
      'services-api/tsconfig.build.json',
      'shared',
      ...LOCKED,
    ],
    outputs: [
      'services-api/dist/main.js',
      'services-api/dist/cli.js',
      'services-api/dist/db/seeds/content.json',
      'services-api/dist/db/seeds/translations/de.json',
      'services-api/dist/http/password-meter.browser.js',
      'services-api/dist/plugins/web/embed.browser.js',
      'shared/dist/index.js',
    ],
    workspace: 'services-api',
    compiler: 'typescript',
  },
  web: {
    what: 'the web app',
    inputs: ['apps-web', 'shared', ...LOCKED],
    outputs: ['apps-web/dist/index.html', 'apps-web/dist/landing.html'],
    workspace: 'apps-web',
    compiler: 'vite',
  },
};

function files(entry) {
  const full = path.join(root, entry);
  if (!fs.statSync(full).isDirectory()) return [entry];
  return fs
    .readdirSync(full)
    .filter((name) => !SKIPPED.has(name))
    .flatMap((name) => files(path.join(entry, name)));
}

function inputsHash(inputs) {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap(files).sort()) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(root, file)));
  }
  return hash.digest('hex');
}

function installed(name) {
  try {
    createRequire(path.join(root, 'package.json')).resolve(`${name}/package.json`);
    return true;
  } catch {
    return false;
  }
}

function buildIfChanged(name) {
  const target = TARGETS[name];
  const built = target.outputs.every((file) => fs.existsSync(path.join(root, file)));
  if (!installed(target.compiler)) {
    if (built) return;
    console.error(
      `This install has no build tools (no ${target.compiler}) and ${target.what} is not built: ` +
        'run `npm ci && npm run build` where the dev dependencies are installed, then copy the result here.',
    );
    process.exit(1);
  }
  const stampFile = path.join(stampDir, `msp-${name}-build-inputs`);
  const current = inputsHash(target.inputs);
  if (built && fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8') === current) {
    console.log(`Up to date: ${target.what} was built from these sources.`);
    return;
  }
  console.log(`Building ${target.what}…`);
  execFileSync('npm', ['run', 'build', '--workspace', target.workspace], { cwd: root, stdio: 'inherit' });
  fs.mkdirSync(stampDir, { recursive: true });
  fs.writeFileSync(stampFile, current);
}

// `--server` for the CLI commands, which need no web app; both otherwise.
const wanted = process.argv.includes('--server') ? ['server'] : ['server', 'web'];
for (const name of wanted) buildIfChanged(name);
