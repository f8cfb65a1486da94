import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../db/embedded-postgres.js';
import { freePort } from './free-port.js';

/**
 * Vitest global setup for the API and browser tests: they run on PostgreSQL at TEST_DATABASE_URL
 * (CI's, or a developer's), or else on the embedded PostgreSQL the product itself runs, started
 * here once for the whole run in a folder of its own and removed after. Each test still makes its
 * own database in it (test-database.ts). Workers start after this and inherit the variable.
 */
export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env.TEST_DATABASE_URL) return undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'msp-test-postgres-'));
  const embedded = await startEmbeddedPostgres({ dataDir, port: await freePort() });
  process.env.TEST_DATABASE_URL = embedded.url;
  return async () => {
    await embedded.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
