import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../services-api/src/test/free-port.js';
import { stopChild } from './readiness.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface DefaultInstallResult {
  /** From launching `npm run serve`'s command to "Serving on": initialise, start, migrate, seed. */
  firstStartMs: number;
  /** The same on the DATA_DIR the first start left. */
  laterStartMs: number;
  /** After the later start and IDLE_MS of quiet: the server's and PostgreSQL's processes together. */
  idle: { rssMb: number; pssMb: number; processes: number };
}

const IDLE_MS = 10_000;

/** The server as `npm start` runs it (services-api/src/main.ts, no DATABASE_URL); resolves once serving. */
async function start(
  dataDir: string,
  port: number,
  dbPort: number,
): Promise<{ child: ChildProcess; ms: number }> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    EMBEDDED_DATABASE_PORT: String(dbPort),
    LOG_LEVEL: 'info',
  };
  delete env.DATABASE_URL;
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'services-api/src/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: string) => {
      output += chunk;
      if (output.includes('Serving on')) resolve();
    };
    child.stdout!.setEncoding('utf8').on('data', onData);
    child.stderr!.setEncoding('utf8').on('data', onData);
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before serving:\n${output}`)));
  });
  return { child, ms: performance.now() - started };
}

/** The process and every descendant (PostgreSQL's postmaster runs in a group of its own). */
function processTree(rootPid: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Field 4 of stat, after the command name in parentheses, is the parent's pid.
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
    } catch {
      // Gone meanwhile.
    }
  }
  const tree: number[] = [];
  const visit = (pid: number) => {
    tree.push(pid);
    for (const child of parents.get(pid) ?? []) visit(child);
  };
  visit(rootPid);
  return tree;
}

/**
 * RSS counts PostgreSQL's shared buffers once per process that touched them; PSS shares them out,
 * so the sum is what the processes together take from the machine.
 */
function memoryOf(pids: number[]): { rssMb: number; pssMb: number } {
  let rss = 0;
  let pss = 0;
  for (const pid of pids) {
    try {
      const rollup = fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
      rss += Number(/^Rss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
      pss += Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
    } catch {
      // Gone meanwhile.
    }
  }
  return { rssMb: rss / 1024, pssMb: pss / 1024 };
}

/**
 * What `npm start` costs on a fresh clone: the first start's time (PostgreSQL initialised), a
 * later start's, and the memory of the server and its database together once idle. Linux only
 * (memory from /proc).
 */
export async function benchDefaultInstall(): Promise<DefaultInstallResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'msp-bench-install-'));
  const dbPort = await freePort();
  try {
    const first = await start(dataDir, await freePort(), dbPort);
    await stopChild(first.child);
    const later = await start(dataDir, await freePort(), dbPort);
    try {
      await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
      const postmaster = Number(
        fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0],
      );
      const pids = [...processTree(later.child.pid!), ...processTree(postmaster)];
      return {
        firstStartMs: first.ms,
        laterStartMs: later.ms,
        idle: { ...memoryOf(pids), processes: pids.length },
      };
    } finally {
      await stopChild(later.child);
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
