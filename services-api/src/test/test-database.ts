import { randomBytes } from 'node:crypto';
import knexFactory from 'knex';
import { createDatabase, migrate, type Database } from '../db/knex.js';

export interface TestDatabase {
  db: Database;
  /** Connection URL for PostgreSQL databases; undefined for in-memory PGlite. */
  url: string | undefined;
  destroy(): Promise<void>;
}

export interface TestDatabaseKind {
  name: 'pglite' | 'postgres';
  /** A new, empty, migrated database of its own. */
  create(): Promise<TestDatabase>;
}

const pglite: TestDatabaseKind = {
  name: 'pglite',
  async create() {
    const db = createDatabase({});
    await migrate(db);
    return { db, url: undefined, destroy: () => db.destroy() };
  },
};

function postgres(baseUrl: string): TestDatabaseKind {
  return {
    name: 'postgres',
    async create() {
      const name = `msp_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
      const admin = knexFactory({ client: 'pg', connection: baseUrl, pool: { min: 0, max: 1 } });
      await admin.raw('CREATE DATABASE ??', [name]);
      const url = new URL(baseUrl);
      url.pathname = `/${name}`;
      const db = createDatabase({ databaseUrl: url.toString() });
      try {
        await migrate(db);
      } catch (error) {
        await db.destroy();
        await admin.raw('DROP DATABASE IF EXISTS ?? WITH (FORCE)', [name]);
        await admin.destroy();
        throw error;
      }
      return {
        db,
        url: url.toString(),
        async destroy() {
          await db.destroy();
          await admin.raw('DROP DATABASE IF EXISTS ?? WITH (FORCE)', [name]);
          await admin.destroy();
        },
      };
    },
  };
}

/**
 * The databases every API test runs on: PGlite always, PostgreSQL too when TEST_DATABASE_URL is
 * set (CI sets it when PostgreSQL answers on 127.0.0.1:5432).
 */
export const testDatabaseKinds: TestDatabaseKind[] = [
  pglite,
  ...(process.env.TEST_DATABASE_URL ? [postgres(process.env.TEST_DATABASE_URL)] : []),
];
