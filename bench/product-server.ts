import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Server } from '@hapi/hapi';
import knexFactory from 'knex';
import { OUTSIDE_REQUEST } from '../services-api/src/http/audit-trail.js';
import { createApiKey } from '../services-api/src/plugins/api-keys/api-keys-service.js';
import { loadConfig, type Config } from '../services-api/src/config.js';
import { migrate, type Database } from '../services-api/src/db/knex.js';
import { openDatabase } from '../services-api/src/db/open-database.js';
import { seedContentIfEmpty } from '../services-api/src/plugins/content/seed.js';
import { createLogger, logDestination } from '../services-api/src/logger.js';
import { createServer } from '../services-api/src/server.js';
import { freePort } from '../services-api/src/test/free-port.js';

// Kept out of server-bench.ts so the export bench's server process (bench-server.ts) loads what the
// product loads and not autocannon: that process's memory is what the export bench measures.

export interface ProductServer {
  server: Server;
  db: Database;
  url: string;
  close(): Promise<void>;
}

/** A new read key on the product's database (its key cache told), as the header that sends it. */
export async function readKeyHeaders(product: ProductServer): Promise<{ authorization: string }> {
  const key = await createApiKey(
    product.db,
    { name: 'bench', permissions: ['read'] },
    null,
    () => product.server.plugins['api-keys'].authenticator.invalidate(),
    OUTSIDE_REQUEST,
  );
  return { authorization: `Bearer ${key.token}` };
}

/**
 * The real server on a PostgreSQL database of its own on `serverUrl`, created for `run` and dropped
 * after it whatever happened: a scale bench's million rows never outlive the bench.
 */
export async function onScratchDatabase<T>(
  serverUrl: string,
  prefix: string,
  run: (product: ProductServer, databaseUrl: string) => Promise<T>,
): Promise<T> {
  const name = `${prefix}_${Date.now().toString(36)}`;
  const adminDb = knexFactory({ client: 'pg', connection: serverUrl, pool: { min: 0, max: 1 } });
  await adminDb.raw('CREATE DATABASE ??', [name]);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    const product = await startProductServer(url.toString(), 'warn');
    try {
      return await run(product, url.toString());
    } finally {
      await product.close();
    }
  } finally {
    await adminDb.raw('DROP DATABASE IF EXISTS ?? WITH (FORCE)', [name]);
    await adminDb.destroy();
  }
}

/**
 * The real server on a seeded database, listening on a free local port: on `databaseUrl`, or
 * without one on the embedded PostgreSQL of a fresh DATA_DIR, as a default install runs. `close`
 * stops the database (and the embedded PostgreSQL) after the server. It logs as in production, at
 * `logLevel` to standard output (which server-process.ts points at a file), or with `logToFile` to
 * a file in its data folder, written the way production writes stdout (logDestination): a server
 * sharing the bench's process must not write its log between the bench's figures, nor be spared
 * the cost of writing it.
 */
export async function startProductServer(
  databaseUrl?: string,
  logLevel = 'info',
  overrides: Partial<Config> = {},
  {
    emptySubmissions = false,
    emptyFunnel = false,
    logToFile = false,
  }: { emptySubmissions?: boolean; emptyFunnel?: boolean; logToFile?: boolean } = {},
): Promise<ProductServer> {
  // Its own data folder, where the results emails of a run (12,000 for the submit bench) go to the
  // outbox, and where the embedded PostgreSQL lives: never the developer's ./data. Removed by close().
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'msp-bench-data-'));
  const database = await openDatabase({
    databaseUrl,
    dataDir,
    embeddedDatabasePort: databaseUrl ? 0 : await freePort(),
  });
  const { db } = database;
  await migrate(db);
  await seedContentIfEmpty(db);
  // Before the server starts: its job worker would otherwise begin on the last run's leftover jobs
  // while the delete (which takes their jobs with them) holds their rows.
  if (emptySubmissions) await db('submissions').delete();
  // The funnel bench compares the events it sent with the counts stored: none may be left over.
  if (emptyFunnel) {
    await db('funnel_daily').delete();
    await db('funnel_monthly').delete();
  }
  const config = loadConfig(
    // The load comes from this machine on behalf of many visitors, as a reverse proxy's would: each
    // request names its visitor in X-Forwarded-For, so the per-visitor limits key as in production.
    { PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: logLevel, TRUSTED_PROXIES: '127.0.0.1', DATA_DIR: dataDir },
    {
      databaseUrl: database.url,
      submitRateLimitPerMinute: 1_000_000,
      eventRateLimitPerMinute: 1_000_000,
      apiRateLimitPerMinute: 1_000_000_000,
      validateResponses: false,
      ...overrides,
    },
  );
  const logger = createLogger(
    config.logLevel,
    logToFile ? logDestination(path.join(dataDir, 'server.log')) : undefined,
  );
  const server = await createServer({ config, db, logger });
  await server.start();
  return {
    server,
    db,
    url: `http://127.0.0.1:${server.info.port}`,
    async close() {
      await server.stop();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
