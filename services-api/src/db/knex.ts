import knexFactory, { type Knex } from 'knex';
import type { Logger } from '../logger.js';
import { migrationSource } from './migrations/index.js';
import { syncPersonalDomains } from './personal-domains.js';

export type Database = Knex;
/** The database or an open transaction: what a read may run on. */
export type Executor = Knex | Knex.Transaction;

export interface DatabaseTarget {
  /** PostgreSQL connection URL: DATABASE_URL, or the embedded PostgreSQL's. */
  databaseUrl: string;
  /** Told of PostgreSQL connections that failed or were cut (knex would print them to the console). */
  logger?: Pick<Logger, 'warn' | 'error'> | undefined;
}

/** Knex settings for PostgreSQL. */
export function knexConfig(target: DatabaseTarget): Knex.Config {
  return {
    client: 'pg',
    connection: target.databaseUrl,
    // knex listens for 'error' on every connection it makes, so a connection cut while idle in
    // the pool (an unhandled 'error' on a pg client kills the process) is discarded at its next
    // checkout rather than crashing the process.
    pool: { min: 0, max: 10 },
    log: {
      warn: (message: string) => target.logger?.warn(`PostgreSQL: ${message}`),
      error: (message: string) => target.logger?.error(`PostgreSQL: ${message}`),
      deprecate: (message: string) => target.logger?.warn(`knex: ${message}`),
      debug: () => undefined,
    },
    migrations: { migrationSource, tableName: 'knex_migrations' },
  };
}

export function createDatabase(target: DatabaseTarget): Database {
  return knexFactory(knexConfig(target));
}

/** Applies pending migrations; safe to run on every start. */
export async function migrate(db: Database): Promise<void> {
  await db.migrate.latest();
  // Data the migrations' tables are filled with from the server's own packages.
  await syncPersonalDomains(db);
}
