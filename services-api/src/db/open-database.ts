import path from 'node:path';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded-postgres.js';
import { createDatabase, type Database } from './knex.js';
import { legacyFolderProblem, PgliteImportError } from './pglite-import.js';

export interface OpenedDatabase {
  db: Database;
  url: string;
  /** The PostgreSQL this process runs, when DATABASE_URL is not set. */
  embedded: EmbeddedPostgres | undefined;
  /** Closes the pool, then stops the embedded PostgreSQL if there is one. */
  close(): Promise<void>;
}

/**
 * The configured database: DATABASE_URL's, or PostgreSQL run from DATA_DIR by this process. An
 * earlier release's PGlite folder in DATA_DIR that was never copied stops the embedded start:
 * starting would greet its owner with an empty database, and the old data must not look lost.
 */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'embeddedDatabasePort'>,
  logger?: Pick<Logger, 'info' | 'warn' | 'error'>,
  options: { allowLegacyFolder?: boolean } = {},
): Promise<OpenedDatabase> {
  let embedded: EmbeddedPostgres | undefined;
  let url = config.databaseUrl;
  if (!url) {
    const problem = options.allowLegacyFolder ? undefined : legacyFolderProblem(config.dataDir);
    if (problem) throw new PgliteImportError(problem);
    embedded = await startEmbeddedPostgres({
      dataDir: path.resolve(config.dataDir),
      port: config.embeddedDatabasePort,
      logger,
    });
    url = embedded.url;
  }
  const db = createDatabase({ databaseUrl: url, logger });
  return {
    db,
    url,
    embedded,
    async close() {
      try {
        await db.destroy();
      } finally {
        await embedded?.stop();
      }
    },
  };
}
