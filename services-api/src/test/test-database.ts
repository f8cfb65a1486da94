import { randomBytes } from 'node:crypto';
import knexFactory, { type Knex } from 'knex';
import { createDatabase, migrate, type Database } from '../db/knex.js';
import { seedContentIfEmpty } from '../plugins/content/seed.js';

export interface TestDatabase {
  db: Database;
  /** Its connection URL, for a second pool or a server's change listener. */
  url: string;
  destroy(): Promise<void>;
}

export interface CreateOptions {
  /** With the shipped content (pillars, questions, German), as a fresh installation starts. */
  seeded?: boolean;
}

export interface TestDatabaseKind {
  name: 'postgres';
  /** A new migrated database of its own: empty, or seeded when asked. */
  create(options?: CreateOptions): Promise<TestDatabase>;
}

/** A name no other test database (of this run or another on the same server) has. */
export function testDatabaseName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
}

/** One connection to `baseUrl`'s server for CREATE and DROP DATABASE. */
const adminOf = (baseUrl: string) =>
  knexFactory({ client: 'pg', connection: baseUrl, pool: { min: 0, max: 1 } });

function urlOf(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Creates `name` as a copy of `template`, or migrated from nothing without one, and seeds it when
 * asked and the template was not already; dropped again on failure.
 */
async function createMigrated(
  admin: Knex,
  baseUrl: string,
  name: string,
  { template, seed = false }: { template?: string; seed?: boolean } = {},
) {
  if (template) await admin.raw('CREATE DATABASE ?? TEMPLATE ??', [name, template]);
  else await admin.raw('CREATE DATABASE ??', [name]);
  const db = createDatabase({ databaseUrl: urlOf(baseUrl, name) });
  try {
    // Nothing to run on a copy of the template; on a database made from nothing, every migration.
    if (!template) await migrate(db);
    if (seed) await seedContentIfEmpty(db);
    return db;
  } catch (error) {
    await db.destroy();
    await admin.raw('DROP DATABASE IF EXISTS ?? WITH (FORCE)', [name]);
    throw error;
  }
}

/**
 * Makes `name` again as a migrated database for each test's database to be copied from: a copy
 * takes about a tenth of a second, migrating from nothing several times that, and seeding (the
 * content and its German translation) about a third of a second more, which a seeded template
 * spares each of the two hundred test servers a run starts. Vitest's global setup makes them once
 * a run, and again before watch mode reruns, so edited migrations and seeds are seen.
 */
export async function buildTemplateDatabase(
  baseUrl: string,
  name: string,
  { seeded = false }: CreateOptions = {},
): Promise<void> {
  const admin = adminOf(baseUrl);
  try {
    await admin.raw('DROP DATABASE IF EXISTS ?? WITH (FORCE)', [name]);
    // Closed at once: PostgreSQL copies only a database nobody is connected to.
    await (await createMigrated(admin, baseUrl, name, { seed: seeded })).destroy();
  } finally {
    await admin.destroy();
  }
}

export async function dropTestDatabase(baseUrl: string, name: string): Promise<void> {
  const admin = adminOf(baseUrl);
  try {
    await admin.raw('DROP DATABASE IF EXISTS ?? WITH (FORCE)', [name]);
  } finally {
    await admin.destroy();
  }
}

/**
 * A new database of its own on TEST_DATABASE_URL's server, for each test file that asks: a copy of
 * TEST_TEMPLATE_DATABASE or, seeded, TEST_SEEDED_TEMPLATE_DATABASE (both made by the global setup),
 * or migrated (and seeded) from nothing without them.
 */
export const postgresTestDatabase: TestDatabaseKind = {
  name: 'postgres',
  async create({ seeded = false }: CreateOptions = {}) {
    const baseUrl = process.env.TEST_DATABASE_URL;
    if (!baseUrl) {
      throw new Error(
        'TEST_DATABASE_URL is not set: run the tests through Vitest, whose global setup ' +
          '(services-api/src/test/global-database.ts) starts an embedded PostgreSQL when it is unset.',
      );
    }
    const name = testDatabaseName('msp_test');
    const admin = adminOf(baseUrl);
    const seededTemplate = seeded ? process.env.TEST_SEEDED_TEMPLATE_DATABASE : undefined;
    let db: Database;
    try {
      db = await createMigrated(admin, baseUrl, name, {
        template: seededTemplate ?? process.env.TEST_TEMPLATE_DATABASE,
        seed: seeded && !seededTemplate,
      });
    } catch (error) {
      await admin.destroy();
      throw error;
    }
    return {
      db,
      url: urlOf(baseUrl, name),
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
