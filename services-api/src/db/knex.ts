import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import type * as PGliteModule from '@electric-sql/pglite';
import type * as PgTrgmModule from '@electric-sql/pglite/contrib/pg_trgm';
import type ClientPgLiteClass from 'knex-pglite';
import type { Logger } from '../logger.js';
import { migrationSource } from './migrations/index.js';

const require = createRequire(import.meta.url);

/**
 * PGlite and its knex client, loaded only for the embedded database: a server on PostgreSQL never
 * uses them, and loading them added about 45 MB to its idle memory. Required, not imported: knex
 * takes its client class synchronously, and knex-pglite itself requires PGlite's CommonJS build, so
 * requiring the same build here loads one copy of PGlite rather than two.
 */
function loadPglite() {
  return {
    PGliteClass: (require('@electric-sql/pglite') as typeof PGliteModule).PGlite,
    pg_trgm: (require('@electric-sql/pglite/contrib/pg_trgm') as typeof PgTrgmModule).pg_trgm,
    ClientPgLite: require('knex-pglite') as typeof ClientPgLiteClass,
  };
}

export type Database = Knex;
/** The database or an open transaction: what a read may run on. */
export type Executor = Knex | Knex.Transaction;

export interface DatabaseTarget {
  /** PostgreSQL connection URL; when absent, PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; absent means in memory. */
  pgliteDir?: string | undefined;
  /** Told of PostgreSQL connections that failed or were cut (knex would print them to the console). */
  logger?: Pick<Logger, 'warn' | 'error'> | undefined;
}

/** Knex settings for PostgreSQL or the embedded PGlite. */
export function knexConfig(target: DatabaseTarget): Knex.Config {
  const migrations = { migrationSource, tableName: 'knex_migrations' };
  if (target.databaseUrl) {
    return {
      client: 'pg',
      connection: target.databaseUrl,
      // knex listens for 'error' on every connection it makes, so a connection cut while idle in
      // the pool (DESIGN 10) is discarded at its next checkout rather than crashing the process.
      pool: { min: 0, max: 10 },
      log: {
        warn: (message: string) => target.logger?.warn(`PostgreSQL: ${message}`),
        error: (message: string) => target.logger?.error(`PostgreSQL: ${message}`),
        deprecate: (message: string) => target.logger?.warn(`knex: ${message}`),
        debug: () => undefined,
      },
      migrations,
    };
  }
  if (target.pgliteDir) fs.mkdirSync(path.dirname(path.resolve(target.pgliteDir)), { recursive: true });
  const { PGliteClass, pg_trgm, ClientPgLite } = loadPglite();
  // The instance is made here, not by knex-pglite, so it can load pg_trgm: the admin's submission
  // search uses the same trigram index on PGlite as on PostgreSQL. Made when knex reads the
  // settings, so building them (as knexfile.ts does for every environment) opens nothing.
  let pglite: PGliteModule.PGlite | undefined;
  const connection = {
    get pglite() {
      return (pglite ??= new PGliteClass({ dataDir: target.pgliteDir, extensions: { pg_trgm } }));
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
