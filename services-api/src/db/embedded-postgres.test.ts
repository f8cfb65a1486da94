import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirBusyError, processIsAlive } from './data-dir-lock.js';
import { EmbeddedPostgresError, startEmbeddedPostgres, type EmbeddedPostgres } from './embedded-postgres.js';
import { freePort } from '../test/free-port.js';

const here = path.dirname(fileURLToPath(import.meta.url));

async function sql<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

describe('the embedded PostgreSQL', { timeout: 180_000 }, () => {
  const dirs: string[] = [];
  const running: EmbeddedPostgres[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'msp-embedded-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(async () => {
    await Promise.all(running.splice(0).map((db) => db.stop()));
    dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true }));
  });

  it('is initialised on the first start, keeps its data across a restart, and stops with its owner', async () => {
    const dataDir = tempDir();
    const port = await freePort();
    const first = await startEmbeddedPostgres({ dataDir, port });
    expect(first.initialised).toBe(true);
    expect(first.url).toMatch(new RegExp(`^postgres://postgres:[^@]+@127\\.0\\.0\\.1:${port}/msp$`));
    const [row] = await sql<{ version: string }>(
      first.url,
      `SELECT current_setting('server_version') AS version`,
    );
    expect(row?.version).toMatch(/^18\./);
    await sql(first.url, `CREATE TABLE kept (note text); INSERT INTO kept VALUES ('still here')`);
    // Only with its password: the cluster is reachable by anyone on the machine's loopback.
    await expect(sql(first.url.replace(/:[^:@]+@/, ':wrong@'), 'SELECT 1')).rejects.toThrow(
      /password authentication failed/,
    );
    await first.stop();
    expect(processIsAlive(first.pid)).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'server.pid'))).toBe(false);

    const later = await startEmbeddedPostgres({ dataDir, port });
    running.push(later);
    expect(later.initialised).toBe(false);
    expect(await sql(later.url, 'SELECT note FROM kept')).toEqual([{ note: 'still here' }]);
  });

  it('refuses a taken port before writing anything', async () => {
    const elsewhere = tempDir();
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as AddressInfo).port;
    try {
      const refused = startEmbeddedPostgres({ dataDir: elsewhere, port });
      await expect(refused).rejects.toThrow(EmbeddedPostgresError);
      await expect(refused).rejects.toThrow(
        new RegExp(`Port ${port} .* is taken .*EMBEDDED_DATABASE_PORT.*Nothing was changed`, 's'),
      );
      expect(fs.existsSync(path.join(elsewhere, 'postgres'))).toBe(false);
      expect(fs.existsSync(path.join(elsewhere, 'server.pid'))).toBe(false);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });

  it('refuses a second owner, stops what a killed owner left running, and starts over a stale postmaster.pid', async () => {
    const dataDir = tempDir();
    const port = await freePort();
    // A server that starts the database and is then killed outright, as by the OOM killer.
    const script = path.join(dataDir, 'crashing-server.mts');
    fs.writeFileSync(
      script,
      `import { startEmbeddedPostgres } from ${JSON.stringify(path.join(here, 'embedded-postgres.ts'))};
       const db = await startEmbeddedPostgres({ dataDir: ${JSON.stringify(dataDir)}, port: ${port} });
       console.log('ready ' + db.pid);
       setInterval(() => {}, 60_000);`,
    );
    const crashing = spawn(process.execPath, ['--import', 'tsx', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const orphan = await new Promise<number>((resolve, reject) => {
      let out = '';
      crashing.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
        out += chunk;
        const match = /ready (\d+)/.exec(out);
        if (match) resolve(Number(match[1]));
      });
      crashing.once('exit', (code) => reject(new Error(`the crashing server exited (${code}) early`)));
    });
    // While that server lives, another is refused and told which process holds DATA_DIR.
    const second = startEmbeddedPostgres({ dataDir, port: await freePort() });
    await expect(second).rejects.toThrow(DataDirBusyError);
    await expect(second).rejects.toThrow(`in use by process ${crashing.pid}`);
    expect(processIsAlive(orphan)).toBe(true);

    const exited = new Promise((resolve) => crashing.once('exit', resolve));
    crashing.kill('SIGKILL');
    await exited;
    expect(processIsAlive(orphan)).toBe(true);

    const warnings: string[] = [];
    const next = await startEmbeddedPostgres({
      dataDir,
      port,
      logger: { info: () => undefined, warn: (message) => warnings.push(message) },
    });
    expect(processIsAlive(orphan)).toBe(false);
    expect(warnings.join('\n')).toContain(`PostgreSQL (process ${orphan}) was left running`);
    await next.stop();

    // A pid file naming a process that no longer exists (the machine lost power).
    const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
    fs.writeFileSync(pidFile, `999999\n${path.join(dataDir, 'postgres')}\n0\n${port}\n\n127.0.0.1\n`);
    const afterPowerLoss = await startEmbeddedPostgres({ dataDir, port });
    running.push(afterPowerLoss);
    expect(await sql(afterPowerLoss.url, 'SELECT 1 AS one')).toEqual([{ one: 1 }]);
  });
});
