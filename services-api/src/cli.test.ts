import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './db/open-database.js';
import { verifyPassword } from './domain/passwords.js';

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const cli = path.join(root, 'services-api/src/cli.ts');

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** A command as an operator runs it: no DATABASE_URL, so on the embedded PostgreSQL in DATA_DIR. */
async function runCli(dataDir: string, port: number, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(tsx, [cli, ...args], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        EMBEDDED_DATABASE_PORT: String(port),
        NODE_ENV: 'production',
      },
      cwd: os.tmpdir(),
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

async function adminCreate(dataDir: string, ...args: string[]) {
  return runCli(dataDir, await freePort(), 'admin:create', ...args);
}

describe('npm run admin:create', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'msp-cli-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

  it('migrates a new embedded database and creates, then updates, an approved admin', async () => {
    const dataDir = tempDir();
    const first = await adminCreate(
      dataDir,
      '--email',
      'Owner@MSP.example',
      '--password',
      'first long password',
    );
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('owner@msp.example is an approved admin');
    const second = await adminCreate(
      dataDir,
      '--email',
      'owner@msp.example',
      '--password',
      'second long password',
    );
    expect(second.code).toBe(0);

    // The command stopped the PostgreSQL it ran: this start finds the cluster free, and its data.
    const database = await openDatabase({
      databaseUrl: undefined,
      dataDir,
      embeddedDatabasePort: await freePort(),
    });
    try {
      expect(database.embedded?.initialised).toBe(false);
      const users = await database.db('users');
      expect(users).toHaveLength(1);
      expect(users[0]).toMatchObject({ email: 'owner@msp.example', role: 'admin', status: 'approved' });
      expect(await verifyPassword(users[0].password_hash, 'second long password')).toBe(true);
    } finally {
      await database.close();
    }
  }, 60_000);

  it('says plainly when a running server holds DATA_DIR, and changes nothing', async () => {
    const dataDir = tempDir();
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      fs.writeFileSync(path.join(dataDir, 'server.pid'), String(holder.pid));
      const result = await adminCreate(
        dataDir,
        '--email',
        'owner@msp.example',
        '--password',
        'a long enough password',
      );
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`in use by process ${holder.pid}`);
      expect(result.stderr).toContain('Nothing was changed');
      expect(fs.existsSync(path.join(dataDir, 'postgres'))).toBe(false);
    } finally {
      holder.kill();
    }
  }, 60_000);

  it('refuses a weak password or a bad email before touching anything', async () => {
    const dataDir = tempDir();
    const weak = await adminCreate(dataDir, '--email', 'owner@msp.example', '--password', 'short');
    expect(weak.code).toBe(2);
    expect(weak.stderr).toContain('at least 12 characters');
    const bad = await adminCreate(dataDir, '--email', 'owner', '--password', 'a long enough password');
    expect(bad.code).toBe(2);
    expect(fs.existsSync(path.join(dataDir, 'postgres'))).toBe(false);
  }, 60_000);
});
