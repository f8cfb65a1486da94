import fs from 'node:fs';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import ClientPgLite from 'knex-pglite';
import type { Logger } from '../logger.js';
import { migrationSource } from './migrations/index.js';

export type Database = Knex;
/** The database or an open transaction: what a read may run on. */
export type Executor = Knex | Knex.Transaction;

export interface DatabaseTarget {
  /** PostgreSQL connection URL; when absent, PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; absent means in memory. */
  pgliteDir?: string | undefined;
  /** Told of a PostgreSQL connection that fails while idle in the pool. */
  logger?: Pick<Logger, 'error'> | undefined;
}

/** Knex settings for PostgreSQL or the embedded PGlite. */
export function knexConfig(target: DatabaseTarget): Knex.Config {
  const migrations = { migrationSource, tableName: 'knex_migrations' };
  if (target.databaseUrl) {
    return {
      client: 'pg',
      connection: target.databaseUrl,
      pool: {
        min: 0,
        max: 10,
        // An 'error' event on an idle pg client would otherwise crash the process (DESIGN 10).
        afterCreate: (
          conn: { on: (event: string, cb: (err: Error) => void) => void },
          done: (err?: Error) => void,
        ) => {
          conn.on('error', (err) => target.logger?.error(`PostgreSQL connection error: ${err.message}`));
          done();
        },
      },
      migrations,
    };
  }
  if (target.pgliteDir) fs.mkdirSync(path.dirname(path.resolve(target.pgliteDir)), { recursive: true });
  return {
    client: ClientPgLite,
    dialect: 'postgres',
    connection: target.pgliteDir ? { filename: target.pgliteDir } : {},
    useNullAsDefault: true,
    migrations,
  } as Knex.Config;
}

export function createDatabase(target: DatabaseTarget): Database {
  return knexFactory(knexConfig(target));
}

/** Applies pending migrations; safe to run on every start. */
export async function migrate(db: Database): Promise<void> {
  await db.migrate.latest();
}
