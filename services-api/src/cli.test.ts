import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './db/open-database.js';
import { verifyPassword } from './domain/passwords.js';
import { freePort } from './test/free-port.js';
import { runCli } from './test/run-cli.js';

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

  // Two runs of the CLI, each starting the embedded PostgreSQL, the first also creating its
  // cluster and migrating it (the personal domains' lists included): 64 s beside CI's other tasks.
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
      // A reset, not a second password: the forgotten one no longer opens the account.
      expect(await verifyPassword(users[0].password_hash, 'first long password')).toBe(false);
    } finally {
      await database.close();
    }
  }, 240_000);

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

  it('refuses a short, common, blank or weak password or a bad email before touching anything', async () => {
    const dataDir = tempDir();
    const owner = ['--email', 'owner@msp.example'];
    const tooCommon = '--password: Password is too common: it is on a list of common and breached passwords.';
    const tooEasy = '--password: Password is too easy to guess.';
    const cases: { args: string[]; message: string }[] = [
      { args: [...owner, '--password', 'short'], message: 'at least 12 characters' },
      { args: [...owner, '--password', '123456789012'], message: tooCommon },
      { args: [...owner, '--password', 'password1234'], message: tooCommon },
      {
        args: [...owner, '--password', ' '.repeat(12)],
        message: '--password: Password cannot be only spaces',
      },
      // Made of the account's own names, or of the provider's (the default "Automation Maturity").
      {
        args: [
          '--email',
          'founder@msp.example',
          '--first-name',
          'Founder',
          '--last-name',
          'Person',
          '--password',
          'Founder Person',
        ],
        message: tooEasy,
      },
      { args: ['--email', 'founder@msp.example', '--password', 'Automation Maturity'], message: tooEasy },
      { args: ['--email', 'owner', '--password', 'a long enough password'], message: '--email' },
    ];
    // Each is a process of its own that stops at its input, so they run side by side: one after
    // another, seven start-ups of the command took most of a minute on a busy machine.
    const answers = await Promise.all(cases.map(({ args }) => adminCreate(dataDir, ...args)));
    answers.forEach((answer, index) => {
      const { args, message } = cases[index]!;
      expect(answer.code, args.join(' ')).toBe(2);
      expect(answer.stderr, args.join(' ')).toContain(message);
    });
    expect(fs.existsSync(path.join(dataDir, 'postgres'))).toBe(false);
  }, 120_000);
});
