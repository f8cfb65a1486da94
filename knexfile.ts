import type { Knex } from 'knex';
import { knexConfig } from './services-api/src/db/knex.js';

/**
 * Knex environments, for the knex CLI and tools. The server itself builds the same settings from
 * its configuration (services-api/src/config.ts); migrations are the imported list in
 * services-api/src/db/migrations/index.ts. The embedded PostgreSQL runs only while the server or a
 * command runs it: migrate it with `npm run db:migrate`.
 */
const config: Record<'postgres' | 'test', Knex.Config> = {
  postgres: knexConfig({
    databaseUrl: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  }),
  test: knexConfig({
    databaseUrl: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  }),
};

export default config;
