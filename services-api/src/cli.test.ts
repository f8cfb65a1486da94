import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase } from './db/knex.js';
import { verifyPassword } from './domain/passwords.js';

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const cli = path.join(root, 'services-api/src/cli.ts');

async function adminCreate(dataDir: string, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(tsx, [cli, 'admin:create', ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'production' },
      cwd: os.tmpdir(),
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
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

    const db = createDatabase({ pgliteDir: path.join(dataDir, 'pgdata') });
    try {
      const users = await db('users');
      expect(users).toHaveLength(1);
      expect(users[0]).toMatchObject({ email: 'owner@msp.example', role: 'admin', status: 'approved' });
      expect(await verifyPassword(users[0].password_hash, 'second long password')).toBe(true);
    } finally {
      await db.destroy();
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
      expect(fs.existsSync(path.join(dataDir, 'pgdata'))).toBe(false);
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
    expect(fs.existsSync(path.join(dataDir, 'pgdata'))).toBe(false);
  }, 60_000);
});
