import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** What the server reports when asked to drain its follow-up jobs after a load. */
export interface DrainReport {
  /** How long the server's event loop was held up under the load, ms: its p99 and worst. */
  eventLoopDelay: { p99: number; max: number };
  /** Follow-up jobs the load left unfinished. */
  jobsWaiting: number;
  /** Still unfinished when the drain gave up. */
  jobsLeft: number;
  /** How long the server took to finish them, ms; null when it gave up first. */
  drainMs: number | null;
}

export interface ServerProcess {
  url: string;
  pid: number;
  /** Reports on the load so far, then waits up to `maxMs` for the follow-up jobs to finish. */
  drainJobs(maxMs: number): Promise<DrainReport>;
  /** Drops the server's kept PDF reports of these submissions, so the next download draws them. */
  forgetReports(ids: string[]): Promise<void>;
  /** Stops the server (SIGTERM) and returns how many submissions it had stored. */
  stop(): Promise<number>;
  /** After stop(): how many funnel events its database had counted once the server stopped. */
  funnelEvents(): number;
}

/**
 * The real server (bench-server.ts) alone in a child process: what it measures is then the
 * server's own time and memory, not shared with the load generator's event loop. Its log goes to a
 * file, as an operator's would (removed when it stops, unless BENCH_KEEP_LOG is set, to read what
 * it logged during a run); it reports its address, its drain and its stored submissions over the
 * IPC channel.
 */
export async function startServerProcess(
  env: Record<string, string | undefined>,
  nodeArgs: string[] = [],
): Promise<ServerProcess> {
  const logFile = path.join(os.tmpdir(), `msp-bench-server-${process.pid}-${Date.now()}.log`);
  const log = fs.openSync(logFile, 'w');
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'bench/bench-server.ts'], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', log, 'inherit', 'ipc'],
  });
  fs.closeSync(log);
  let stored = Number.NaN;
  let funnelEvents = Number.NaN;
  const drains: ((report: DrainReport) => void)[] = [];
  const forgets: (() => void)[] = [];
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    child.on(
      'message',
      (message: {
        url?: string;
        stored?: number;
        funnelEvents?: number;
        drained?: DrainReport;
        forgot?: boolean;
      }) => {
        if (message.url) resolve(message.url);
        if (message.stored !== undefined) stored = message.stored;
        if (message.funnelEvents !== undefined) funnelEvents = message.funnelEvents;
        if (message.drained) drains.shift()?.(message.drained);
        if (message.forgot) forgets.shift()?.();
      },
    );
    child.once('exit', (code) =>
      reject(new Error(`The bench server exited (${code}) before listening; its log: ${logFile}`)),
    );
  });
  return {
    url,
    pid: child.pid!,
    drainJobs(maxMs) {
      return new Promise((resolve) => {
        drains.push(resolve);
        child.send({ drain: maxMs });
      });
    },
    forgetReports(ids) {
      return new Promise((resolve) => {
        forgets.push(resolve);
        child.send({ forgetReports: ids });
      });
    },
    funnelEvents: () => funnelEvents,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      if (!process.env.BENCH_KEEP_LOG) fs.rmSync(logFile, { force: true });
      return stored;
    },
  };
}
