import { execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './db/open-database.js';
import { verifyPassword } from './domain/passwords.js';
import { freePort } from './test/free-port.js';

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const cli = path.join(root, 'services-api/src/cli.ts');

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

/** Every file of a folder with its content hash: equal before and after means untouched. */
function fingerprint(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files[path.relative(dir, file)] = createHash('sha256').update(fs.readFileSync(file)).digest('hex');
  }
  return files;
}

describe('a DATA_DIR from a release that ran PGlite', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

  it(
    'stops the server with how to copy it, then npm run db:import-pglite copies every table and leaves the folder as it was',
    { timeout: 300_000 },
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'msp-pglite-'));
      dirs.push(dataDir);
      // Made by release b1d75bd (PGlite): npm run admin:create for owner@msp.example, then three
      // submissions through the running server, which seeded the content and queued their jobs.
      await run('tar', [
        '-xJf',
        path.join(root, 'services-api/src/test/fixtures/pglite-data-dir.tar.xz'),
        '-C',
        dataDir,
      ]);
      const legacy = path.join(dataDir, 'pgdata');
      const before = fingerprint(legacy);
      const port = await freePort();

      const refused = await runCli(
        dataDir,
        port,
        'admin:create',
        '--email',
        'new@msp.example',
        '--password',
        'a long enough password',
      );
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(`${legacy} holds the database of an earlier release (PGlite)`);
      expect(refused.stderr).toContain('npm run db:import-pglite');
      expect(fs.existsSync(path.join(dataDir, 'postgres'))).toBe(false);

      const imported = await runCli(dataDir, port, 'import-pglite');
      expect(imported.stderr).toBe('');
      expect(imported.code).toBe(0);
      expect(imported.stdout).toMatch(/ {2}users: 1 row\(s\)/);
      expect(imported.stdout).toMatch(/ {2}submissions: 3 row\(s\)/);
      expect(imported.stdout).toContain('The old folder was not changed');
      expect(fingerprint(legacy)).toEqual(before);

      const database = await openDatabase({ databaseUrl: undefined, dataDir, embeddedDatabasePort: port });
      try {
        const { db } = database;
        const [owner] = await db('users');
        expect(owner).toMatchObject({ email: 'owner@msp.example', first_name: 'Rita', role: 'admin' });
        expect(await verifyPassword(owner.password_hash, 'release owner password')).toBe(true);
        const submissions = await db('submissions')
          .select(db.raw(`demographic_data->>'company' AS company`), 'search_text', 'answers')
          .orderBy('company');
        expect(submissions.map((s) => s.company)).toEqual([
          'Ünïcode MSP 0',
          'Ünïcode MSP 1',
          'Ünïcode MSP 2',
        ]);
        // The generated search column is computed again, and JSON arrives as JSON.
        expect(submissions[0].search_text).toContain('ada0@msp.example');
        expect(submissions[0].search_text).toContain('ünïcode msp 0');
        expect(Array.isArray(submissions[0].answers)).toBe(true);
        expect(Number((await db('submission_pillar_scores').count({ n: '*' }))[0]?.n)).toBeGreaterThan(0);
        // The aggregates were copied, not counted again by the triggers on the way in.
        const monthly = await db('submission_stats_monthly').sum({ n: 'submissions' });
        expect(Number(monthly[0]?.n)).toBe(3);
        expect(Number((await db('questions').count({ n: '*' }))[0]!.n)).toBeGreaterThan(0);
        expect(Number((await db('jobs').count({ n: '*' }))[0]!.n)).toBeGreaterThan(0);
        // Ids go on after the copied ones, and the migrations newer than the release ran.
        const [next] = await db('users')
          .insert({ email: 'second@msp.example', role: 'admin', status: 'pending' })
          .returning('id');
        expect(next.id).toBeGreaterThan(owner.id);
        const [completed] = (await db.migrate.list()) as [unknown[], unknown[]];
        expect(completed.length).toBeGreaterThanOrEqual(14);
      } finally {
        await database.close();
      }

      // The copy is recorded: the server starts now; a second copy would overwrite, so it refuses.
      expect(fs.existsSync(path.join(dataDir, 'pgdata.imported'))).toBe(true);
      const again = await runCli(dataDir, port, 'import-pglite');
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(/already has 2 row\(s\) in users.*Nothing was copied/s);
      expect(fingerprint(legacy)).toEqual(before);
    },
  );
});
