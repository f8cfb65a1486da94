import { execFile } from 'node:child_process';
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
import { runCli } from './test/run-cli.js';

// Apart from cli.test.ts, which CI runs again on the newest supported Node.js: a copy of a
// database between two PostgreSQL engines, the same on every version, and a minute and a half of
// CPU beside CI's other tasks.
const run = promisify(execFile);
/** Made by release b1d75bd (PGlite): see the test. */
const PGLITE_DATA_DIR = fileURLToPath(new URL('./test/fixtures/pglite-data-dir.tar.xz', import.meta.url));

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
      await run('tar', ['-xJf', PGLITE_DATA_DIR, '-C', dataDir]);
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
