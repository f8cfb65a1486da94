import fs from 'node:fs';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
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
  // The instance is made here, not by knex-pglite, so it can load pg_trgm: the admin's submission
  // search uses the same trigram index on PGlite as on PostgreSQL. Made when knex reads the
  // settings, so building them (as knexfile.ts does for every environment) opens nothing.
  let pglite: PGlite | undefined;
  const connection = {
    get pglite() {
      return (pglite ??= new PGlite({ dataDir: target.pgliteDir, extensions: { pg_trgm } }));
    },
  };
  return {
    client: ClientPgLite,
    dialect: 'postgres',
    connection,
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
