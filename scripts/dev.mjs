// `npm run dev`: the API under `tsx watch`, restarted when its code (or shared's) changes, beside
// Vite's dev server, which serves the web app with hot reload and proxies /api to the API (see
// apps-web/vite.config.ts). One command and one Ctrl+C for both, without another dependency.
import { spawn } from 'node:child_process';
import console from 'node:console';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import process from 'node:process';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const WEB_PORT = 5173;

// Read here as the API reads it, so Vite's proxy and the API agree on PORT.
if (fs.existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));
const env = {
  ...process.env,
  // The links the API writes (the founder's setup link, sign-in redirects) lead to the dev server.
  PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${WEB_PORT}`,
};

const viteBin = path.join(path.dirname(require.resolve('vite/package.json')), 'bin/vite.js');
const tasks = [
  {
    name: 'api',
    cwd: root,
    args: [require.resolve('tsx/cli'), 'watch', '--clear-screen=false', 'services-api/src/main.ts'],
  },
  {
    name: 'web',
    cwd: path.join(root, 'apps-web'),
    args: [viteBin, '--port', String(WEB_PORT), '--strictPort'],
  },
];

let stopping = false;
const children = tasks.map(({ name, cwd, args }) => {
  const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    readline.createInterface({ input: stream }).on('line', (line) => out.write(`[${name}] ${line}\n`));
  }
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`[${name}] stopped (${signal ?? `exit code ${code}`}); stopping the rest.`);
      stop(code || 1);
    }
  });
  return child;
});

function stop(exitCode) {
  stopping = true;
  const running = children.filter((child) => child.exitCode === null && child.signalCode === null);
  if (running.length === 0) process.exit(exitCode);
  let left = running.length;
  for (const child of running) {
    child.once('exit', () => {
      left -= 1;
      if (left === 0) process.exit(exitCode);
    });
    child.kill('SIGTERM');
  }
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
