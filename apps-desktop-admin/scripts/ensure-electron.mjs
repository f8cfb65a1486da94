// npm ci skips electron's install script (package.json "allowScripts": { "electron": false }): it
// downloads Electron's binary, which machines without that download cannot do, and would fail the
// whole install. Run it here instead, the first time the app is started, where it can download.
import { spawnSync } from 'node:child_process';
import console from 'node:console';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import process from 'node:process';

const require = createRequire(import.meta.url);
const electronDir = path.dirname(require.resolve('electron/package.json'));
const installed = () => {
  const pathFile = path.join(electronDir, 'path.txt');
  return (
    fs.existsSync(pathFile) &&
    fs.existsSync(path.join(electronDir, 'dist', fs.readFileSync(pathFile, 'utf8')))
  );
};

if (!installed()) {
  console.log('Electron’s binary is not installed yet: downloading it (once)…');
  const result = spawnSync(process.execPath, [path.join(electronDir, 'install.js')], { stdio: 'inherit' });
  if (result.status !== 0 || !installed()) {
    console.error(
      'Could not download Electron’s binary. This machine may not reach its download server; see the README, Desktop client.',
    );
    process.exit(1);
  }
}
