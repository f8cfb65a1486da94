import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from './config.js';
import { createDatabase, migrate } from './db/knex.js';
import { acquireDataDirLock, DataDirBusyError } from './db/data-dir-lock.js';
import { seedContentIfEmpty } from './db/seeds/seed.js';
import { issueSetupLink } from './plugins/auth/setup-link.js';
import { createServer } from './server.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function main(): Promise<void> {
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig(process.env, { webDistDir: path.join(repoRoot, 'apps-web/dist') });

  let releaseLock = () => {};
  if (!config.databaseUrl) releaseLock = acquireDataDirLock(config.dataDir);
  const db = createDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pgdata'),
  });

  await migrate(db);
  if (await seedContentIfEmpty(db)) console.log('Seeded the questionnaire, matrix and templates.');

  const server = await createServer({ config, db });
  await server.start();
  const where = config.databaseUrl ? 'PostgreSQL' : `embedded database in ${path.resolve(config.dataDir)}`;
  console.log(`Serving on ${server.info.uri} (public URL ${config.publicUrl}), ${where}.`);
  const setupLink = await issueSetupLink(db, config.publicUrl);
  if (setupLink) {
    console.log(
      `No administrator exists yet. Create the founder account (link valid 24 hours, once):\n  ${setupLink}`,
    );
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received, stopping.`);
    await server.stop({ timeout: 10_000 });
    await db.destroy();
    releaseLock();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirBusyError) {
    console.error(error.message);
  } else {
    console.error('The server could not start:', error);
  }
  process.exit(1);
});
