// `npm test`: every check and test, in stages, each stage's time printed as it ends and all of them
// at the close, so a slower stage is seen the day it slows. On two cores the order matters:
// - the type check and the linters are one thread each, so they run side by side;
// - the unit and API tests fill both cores (the server and PostgreSQL work on each request);
// - the browser tests spend most of their time waiting on pages, so two files run at once.
// A stage that fails stops the run with its exit code; the stages after it do not start.
import { spawn } from 'node:child_process';
import console from 'node:console';
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import process from 'node:process';

const REPORT = (name) => [
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=test-artifacts/vitest-report${name}.json`,
];

/** The stages, in order; a stage of several commands runs them at once. */
const STAGES = [
  {
    name: 'type check and lint',
    commands: [
      ['npm', ['run', '--silent', 'typecheck']],
      ['npm', ['run', '--silent', 'lint']],
    ],
  },
  { name: 'build', commands: [['npm', ['run', '--silent', 'build']]] },
  {
    name: 'unit and API tests',
    commands: [
      [
        'npx',
        [
          'vitest',
          'run',
          ...['unit', 'web-unit', 'desktop-unit', 'api'].flatMap((project) => ['--project', project]),
          ...REPORT(''),
        ],
      ],
    ],
  },
  {
    name: 'browser tests',
    commands: [['npx', ['vitest', 'run', '--project', 'browser', ...REPORT('-browser')]]],
  },
];

/** Runs one command with the terminal as its own; resolves to its exit code. */
function run([command, args]) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit' });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', (error) => {
      console.error(`${command}: ${error.message}`);
      resolve(1);
    });
  });
}

// A report left from an earlier run would be counted with this run's by CI's closing line.
for (const name of ['vitest-report.json', 'vitest-report-browser.json']) {
  fs.rmSync(`test-artifacts/${name}`, { force: true });
}

const seconds = (since) => `${((performance.now() - since) / 1000).toFixed(0)} s`;
const started = performance.now();
const times = [];
for (const stage of STAGES) {
  console.log(`\n== ${stage.name}`);
  const stageStarted = performance.now();
  const codes = await Promise.all(stage.commands.map(run));
  times.push(`${stage.name}: ${seconds(stageStarted)}`);
  console.log(`== ${stage.name}: ${seconds(stageStarted)}`);
  const failed = codes.find((code) => code !== 0);
  if (failed !== undefined) {
    console.error(`== ${stage.name} failed; stopping.`);
    process.exit(failed);
  }
}
console.log(`\n== npm test took ${seconds(started)}: ${times.join(', ')}`);
