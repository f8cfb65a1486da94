// `npm run lint` runs this: Electronegativity's checks of Electron's security guidance over the
// desktop client's source. Every finding fails the build unless it is listed in REVIEWED below
// with the reason it is not a problem; a listed finding that no longer occurs fails it too, so the
// list stays a true record. The package is run through its library entry point: its command line
// reads options from a `commander` it does not declare, and gets none from the one installed here.
import console from 'node:console';
import { createRequire } from 'node:module';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const run = require('@doyensec/electronegativity/dist/runner.js');
const here = path.dirname(fileURLToPath(import.meta.url));
const source = path.join(here, '../src');
const electronVersion = require('../package.json').devDependencies.electron;

/** Checks left out of the run (by the names of their classes, which the runner takes), and why. */
const EXCLUDED = {
  // Looks for a CSP in the HTML or in code it can read; the renderer's CSP is a response header set
  // by main's app:// handler (RENDERER_CSP in src/main/renderer-files.ts, asserted by index.test.ts).
  CSPGlobalCheck: 'the CSP is a response header of the app:// scheme handler',
  // Compares the Electron version with the newest releases fetched from the network at lint time:
  // the same commit would pass today and fail tomorrow. docs/desktop.md keeps Electron among the
  // supported majors; upgrades are their own change.
  AvailableSecurityFixesGlobalCheck: 'depends on the network, not on this code',
};

/** Findings read and judged not to be problems: the check, the file, and a piece of the flagged line. */
const REVIEWED = [
  ...['contextIsolation', 'sandbox', 'Auxclick'].flatMap((setting) =>
    ['const window = new BrowserWindow({', 'mainWindow = new BrowserWindow({'].map((line) => ({
      check:
        { contextIsolation: 'CONTEXT_ISOLATION_JS_CHECK', sandbox: 'SANDBOX_JS_CHECK' }[setting] ??
        'AUXCLICK_JS_CHECK',
      file: 'main/index.ts',
      line,
      // The check cannot follow the `...SAFE_PREFERENCES` spread, which sets contextIsolation and
      // sandbox to true and disables Auxclick for both windows; index.test.ts asserts each window's
      // webPreferences equal them.
      why: `${setting} is set by SAFE_PREFERENCES, spread into the window's webPreferences`,
    })),
  ),
  {
    check: 'PRELOAD_JS_CHECK',
    file: 'main/index.ts',
    line: 'preload: PRELOAD',
    // Reviewed: src/preload/index.ts exposes one function per channel through contextBridge, never
    // ipcRenderer; main checks the sender's frame and validates every payload (src/main/ipc.ts).
    why: 'the preload exposes one narrow function per channel, validated in main',
  },
  {
    check: 'OPEN_EXTERNAL_JS_CHECK',
    file: 'main/index.ts',
    line: "if (decision === 'external') void shell.openExternal(url);",
    // Only mainWindowNavigation answers 'external', and only for http and https addresses.
    why: 'the navigation rule sends http and https addresses only',
  },
  {
    check: 'OPEN_EXTERNAL_JS_CHECK',
    file: 'main/index.ts',
    line: "if (decide(url) === 'external') void shell.openExternal(url);",
    why: 'the navigation rule sends http and https addresses only',
  },
  {
    check: 'OPEN_EXTERNAL_JS_CHECK',
    file: 'main/index.ts',
    line: 'if (isExternalUrl(url)) void shell.openExternal(url);',
    why: 'isExternalUrl admits http and https only, never file:, smb: or an app scheme',
  },
  {
    check: 'OPEN_EXTERNAL_JS_CHECK',
    file: 'main/handlers.ts',
    line: 'openExternal: (url) => ports.openExternal(url),',
    why: 'the port it calls (index.ts) opens http and https addresses only',
  },
  {
    check: 'OPEN_EXTERNAL_JS_CHECK',
    file: 'renderer/src/desktop-platform.ts',
    line: 'openExternal: (url) => bridge.openExternal(url),',
    why: 'a request over the bridge; main validates the payload and opens http and https only',
  },
];

const result = await run({
  input: source,
  isRelative: true,
  electronVersionOverride: electronVersion,
  excludeFromScan: Object.keys(EXCLUDED),
});

const failures = [];
// A file it could not read would otherwise pass unchecked.
for (const error of result.errors) failures.push(`could not check ${error.file}: ${error.message}`);
const used = new Set();
for (const issue of result.issues) {
  const file = issue.file.split(path.sep).join('/');
  const reviewed = REVIEWED.find(
    (entry) => entry.check === issue.id && entry.file === file && String(issue.sample).includes(entry.line),
  );
  if (reviewed) {
    used.add(reviewed);
    continue;
  }
  failures.push(
    `${issue.id} (${issue.severity.name}, ${issue.confidence.name}) at src/${file}:${issue.location.line}:` +
      `${issue.location.column}\n    ${String(issue.sample).trim()}\n    ${issue.description} ${issue.shortenedURL}`,
  );
}
for (const entry of REVIEWED.filter((item) => !used.has(item))) {
  failures.push(
    `reviewed finding no longer found, remove it from the list: ${entry.check} in src/${entry.file}`,
  );
}

if (failures.length > 0) {
  console.error(`Electronegativity: ${failures.length} problem(s) in the desktop client:\n`);
  for (const failure of failures) console.error(`- ${failure}\n`);
  console.error('Fix each one, or if it is a false positive, add it to REVIEWED in this script with why.');
  process.exit(1);
}
console.log(
  `Electronegativity: no unreviewed findings (${result.atomicChecks + result.globalChecks} checks, ` +
    `${used.size} findings reviewed).`,
);
