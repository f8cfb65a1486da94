// `npm test`: every check and test, each task's time printed as it ends and all of them at the
// close, so a slower task is seen the day it slows.
//
// On two cores the tasks run at once rather than in turn, because most of them wait more than
// they compute: the type check and the linters are one thread each; the API tests wait on
// PostgreSQL and on their own timers; the browser tests wait on pages. Run one after another they
// left a core idle most of the time. Only the browser tests wait for another task: they drive the
// built app, so they start when the build ends.
//
// Each line a task prints is prefixed with its name. A failed task does not stop the others (the
// whole picture in one run is worth more than the minutes saved), but a task that needs it is
// skipped, and `npm test` exits with the first failure's code.
import { spawn } from 'node:child_process';
import console from 'node:console';
import fs from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import readline from 'node:readline';

/** Each Vitest task's JSON report, by the task's suffix: read by printRetried and by CI's closing line. */
const reportFile = (suffix) => `test-artifacts/vitest-report${suffix}.json`;
const REPORT_SUFFIXES = ['', '-browser', '-node24'];

const REPORT = (suffix) => [
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${reportFile(suffix)}`,
];

/**
 * The niceness of the tasks off the critical path. The browser tests take longest (they drive
 * Chromium, whose renderers are most of the run's CPU) and often wait on a page with a core idle;
 * the other tasks, niced, take what the browser tests leave rather than slowing them down, and so
 * finish within their run instead of after it. The type check and the linters have no timers and
 * can wait: nice 10 (a tenth of a contended core). The unit and API tests wait on their own
 * timers, with limits on how long: at nice 10 an export test that takes 10 s alone passed its
 * 60 s limit, so they get nice 4, about a third of a contended core.
 */
const NO_TIMERS = 10;
const WITH_TIMERS = 4;

/** The tasks: a name, a command, the tasks it needs to have passed first, and its niceness. */
const TASKS = [
  { name: 'typecheck', command: ['npm', ['run', '--silent', 'typecheck']], niceness: NO_TIMERS },
  { name: 'lint', command: ['npm', ['run', '--silent', 'lint']], niceness: NO_TIMERS },
  { name: 'build', command: ['npm', ['run', '--silent', 'build']] },
  {
    name: 'unit+api',
    // main.test.ts starts the product as `npm start` does, which serves the built web app.
    needs: ['build'],
    niceness: WITH_TIMERS,
    command: [
      'npx',
      [
        'vitest',
        'run',
        ...['unit', 'web-unit', 'desktop-unit', 'api'].flatMap((project) => ['--project', project]),
        ...REPORT(''),
      ],
    ],
  },
  {
    name: 'browser',
    needs: ['build'],
    command: ['npx', ['vitest', 'run', '--project', 'browser', ...REPORT('-browser')]],
  },
];

/**
 * CI's release checks (MSP_RELEASE_CHECKS=1, set by .ci/run): the Dockerfile's runtime stage
 * without Docker, and the unit tests and the API tests of Node's own runtime on the newest
 * supported Node.js version, the production image's (the npm registry's `node` package ships its
 * binaries); every task runs on the oldest, the machine's. Run after them, they added two and a
 * half minutes to every CI run; started when the API tests end, they take the core those leave
 * while the browser tests run on. Node.js 22, between the two, ran them too until CI passed 20
 * minutes on a slow machine: a tenth of the run's CPU for a version whose runtime sits between two
 * that are tested.
 */
const onNode = (version) => ({
  name: `node ${version}`,
  needs: ['unit+api'],
  niceness: WITH_TIMERS,
  command: [
    'npx',
    [
      '--yes',
      '--package',
      `node@${version}`,
      '--',
      'node',
      'node_modules/vitest/vitest.mjs',
      'run',
      ...['unit', 'desktop-unit', 'api-runtime'].flatMap((project) => ['--project', project]),
      ...REPORT(`-node${version}`),
    ],
  ],
});
if (process.env.MSP_RELEASE_CHECKS === '1') {
  TASKS.push(
    {
      name: 'production',
      needs: ['unit+api', 'build'],
      command: ['npm', ['run', '--silent', 'check:production']],
    },
    onNode(24),
  );
}

const WIDTH = Math.max(...TASKS.map((task) => task.name.length));
const seconds = (since) => `${((performance.now() - since) / 1000).toFixed(0)} s`;

/**
 * The CPU seconds of this process's children that have ended (their own ended children
 * included), from Linux's /proc; null elsewhere. On two cores a run's length is its CPU, so each
 * task's share is printed beside its time: a task that got heavier shows even when the run did not
 * get longer. Read as each task ends: two tasks ending in the same instant would share one figure.
 */
function childrenCpuSeconds() {
  try {
    const stat = fs.readFileSync('/proc/self/stat', 'utf8');
    // The fields after the command's name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // cutime and cstime, the 16th and 17th fields, in clock ticks (100 a second on Linux).
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return null;
  }
}
const cpuAtStart = childrenCpuSeconds();
let cpuSoFar = cpuAtStart;

/** CPU seconds spent since `since` (a childrenCpuSeconds reading), as text; '' where unknown. */
function cpuText(since) {
  const now = childrenCpuSeconds();
  return now === null || since === null ? '' : ` (${(now - since).toFixed(0)} s of CPU)`;
}

/** The CPU of the children that ended since the last call, as text. */
function cpuSinceLast() {
  const text = cpuText(cpuSoFar);
  cpuSoFar = childrenCpuSeconds();
  return text;
}

/** Copies a child's output to ours a line at a time, each line marked with the task's name. */
function relay(stream, out, name) {
  const prefix = `${name.padEnd(WIDTH)} | `;
  readline.createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => {
    out.write(prefix + line + '\n');
  });
}

/** Runs one task; resolves to its exit code and the CPU it used. */
function run({ name, command: [command, args], niceness }) {
  return new Promise((resolve) => {
    // On a terminal, FORCE_COLOR keeps the reporters' colours though their output is now a pipe.
    const child = spawn(command, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: process.stdout.isTTY ? { ...process.env, FORCE_COLOR: '1' } : process.env,
    });
    // Set before the child starts its own children (they inherit it); where refused, it runs as is.
    if (niceness && child.pid) {
      try {
        os.setPriority(child.pid, niceness);
      } catch {
        // Not allowed here: the task keeps the default priority.
      }
    }
    relay(child.stdout, process.stdout, name);
    relay(child.stderr, process.stderr, name);
    let cpu = '';
    child.on('exit', () => {
      cpu = cpuSinceLast();
    });
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), cpu }));
    child.on('error', (error) => {
      console.error(`${name}: ${command}: ${error.message}`);
      resolve({ code: 1, cpu: '' });
    });
  });
}

// A report left from an earlier run would be counted with this run's by CI's closing line.
for (const suffix of REPORT_SUFFIXES) fs.rmSync(reportFile(suffix), { force: true });

const started = performance.now();
const outcomes = new Map();
const times = [];

/** Starts a task once the tasks it needs have passed; skips it when one of them failed. */
function schedule(task) {
  if (!outcomes.has(task.name)) {
    const needs = (task.needs ?? []).map((name) => schedule(TASKS.find((other) => other.name === name)));
    outcomes.set(
      task.name,
      Promise.all(needs).then(async (codes) => {
        if (codes.some((code) => code !== 0)) {
          console.log(`== ${task.name}: skipped, as ${task.needs.join(' and ')} failed`);
          return 1;
        }
        const taskStarted = performance.now();
        console.log(`== ${task.name}: started at ${seconds(started)}`);
        const { code, cpu } = await run(task);
        const took = seconds(taskStarted) + cpu;
        times.push(`${task.name} ${took}${code === 0 ? '' : ' (failed)'}`);
        console.log(`== ${task.name}: ${code === 0 ? 'passed' : `failed (exit code ${code})`} in ${took}`);
        return code;
      }),
    );
  }
  return outcomes.get(task.name);
}

/**
 * The tests that passed only when tried again, with why their first try failed: the reporters
 * show a retried test as passed, and its first failure is kept only in the JSON reports. A test
 * that needs its retry often is a fault to find, in the product or in the test.
 */
function printRetried() {
  const retried = [];
  for (const file of REPORT_SUFFIXES.map(reportFile)) {
    if (!fs.existsSync(file)) continue;
    try {
      for (const result of JSON.parse(fs.readFileSync(file, 'utf8')).testResults) {
        for (const test of result.assertionResults) {
          if (test.status === 'passed' && test.failureMessages.length > 0) {
            const why = test.failureMessages[0].split('\n').slice(0, 2).join(' ').trim();
            retried.push(`  ${test.fullName}\n    first try: ${why}`);
          }
        }
      }
    } catch {
      // A report cut short by a failed task: that task's failure says more.
    }
  }
  if (retried.length > 0) console.log(`\n== passed when tried again:\n${retried.join('\n')}`);
}

const codes = await Promise.all(TASKS.map(schedule));
printRetried();
console.log(`\n== npm test took ${seconds(started)}${cpuText(cpuAtStart)}: ${times.join(', ')}`);
const failed = codes.find((code) => code !== 0);
if (failed !== undefined) {
  console.error(
    `== ${TASKS.filter((_, i) => codes[i] !== 0)
      .map((task) => task.name)
      .join(', ')} failed`,
  );
  process.exit(failed);
}
