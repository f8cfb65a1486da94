import { randomBytes } from 'node:crypto';
import knexFactory from 'knex';
import { createDatabase, migrate, type Database } from '../db/knex.js';

export interface TestDatabase {
  db: Database;
  /** Its connection URL, for a second pool or a server's change listener. */
  url: string;
  destroy(): Promise<void>;
}

export interface TestDatabaseKind {
  name: 'postgres';
  /** A new, empty, migrated database of its own. */
  create(): Promise<TestDatabase>;
}

/** A new database of its own on TEST_DATABASE_URL's server, for each test file that asks. */
export const postgresTestDatabase: TestDatabaseKind = {
  name: 'postgres',
  async create() {
    const baseUrl = process.env.TEST_DATABASE_URL;
    if (!baseUrl) {
      throw new Error(
        'TEST_DATABASE_URL is not set: run the tests through Vitest, whose global setup ' +
          '(services-api/src/test/global-database.ts) starts an embedded PostgreSQL when it is unset.',
      );
    }
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

/**
 * The database every API test runs on: PostgreSQL, once. A list, so a suite reads
 * `describe.each(testDatabaseKinds)` and names the engine in its title.
 */
export const testDatabaseKinds: TestDatabaseKind[] = [postgresTestDatabase];
