import path from 'node:path';
import type { Knex } from 'knex';
import { knexConfig } from './services-api/src/db/knex.js';

/**
 * Knex environments, for the knex CLI and tools. The server itself builds the same settings from
 * its configuration (services-api/src/config.ts); migrations are the imported list in
 * services-api/src/db/migrations/index.ts.
 */
const dataDir = process.env.DATA_DIR ?? './data';

const config: Record<'embedded' | 'postgres' | 'test', Knex.Config> = {
  embedded: knexConfig({ pgliteDir: path.join(dataDir, 'pgdata') }),
  postgres: knexConfig({
    databaseUrl: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  }),
  test: knexConfig({
    databaseUrl: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  }),
};

export default config;
