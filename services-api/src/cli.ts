import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from './config.js';
import { acquireDataDirLock, DataDirBusyError } from './db/data-dir-lock.js';
import { createDatabase } from './db/knex.js';

const USAGE = 'Usage: tsx services-api/src/cli.ts migrate';

/** Operational commands that run without the server. */
async function main(argv: string[]): Promise<number> {
  const [command] = argv;
  if (command !== 'migrate') {
    console.error(USAGE);
    return 2;
  }
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig(process.env);
  const release = config.databaseUrl ? () => {} : acquireDataDirLock(config.dataDir);
  const db = createDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pgdata'),
  });
  try {
    const [, applied] = (await db.migrate.latest()) as [number, string[]];
    console.log(
      applied.length
        ? `Applied ${applied.length} migration(s): ${applied.join(', ')}`
        : 'Already up to date.',
    );
    return 0;
  } finally {
    await db.destroy();
    release();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError || error instanceof DataDirBusyError ? error.message : error);
    process.exit(1);
  },
);
