// Electron's npm package no longer downloads its binary when installed (since Electron 42): npm ci
// leaves it out, which machines without that download need. Fetch it here instead, the first time
// the app is started, where the download works, and say plainly what went wrong when it does not.
import { spawnSync } from 'node:child_process';
import console from 'node:console';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import process from 'node:process';

const require = createRequire(import.meta.url);
const electronDir = path.dirname(require.resolve('electron/package.json'));
const { version, engines } = JSON.parse(fs.readFileSync(path.join(electronDir, 'package.json'), 'utf8'));
const installed = () => {
  const pathFile = path.join(electronDir, 'path.txt');
  return (
    fs.existsSync(pathFile) &&
    fs.existsSync(path.join(electronDir, 'dist', fs.readFileSync(pathFile, 'utf8')))
  );
};

if (!installed()) {
  console.log(`Electron ${version}’s binary is not installed yet: downloading it (once)…`);
  const result = spawnSync(process.execPath, [path.join(electronDir, 'install.js')], { stdio: 'inherit' });
  if (result.status !== 0 || !installed()) {
    // Its downloader is written for newer Node.js than the server needs (Node 20.19).
    const needs = engines?.node ?? '';
    console.error(
      `Could not download Electron’s binary. This machine may not reach its download server, or its Node.js ${process.version} may be too old for Electron’s downloader (${needs}); see the README, Desktop client.`,
    );
    process.exit(1);
  }
}
