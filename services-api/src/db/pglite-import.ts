import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OperatorError } from '../domain/errors.js';
import type { Database } from './knex.js';

/**
 * Releases before PostgreSQL became the embedded database kept their data in DATA_DIR/pgdata, run
 * by PGlite (PostgreSQL 17 compiled to WebAssembly). Its files are readable only by PGlite itself,
 * so PGlite stays installed for this one command (loaded by nothing else), which copies every
 * table into the new database. The folder is only read, never changed or deleted.
 */
export const LEGACY_FOLDER = 'pgdata';
/** Written into DATA_DIR once the copy succeeded, so start-up knows the old folder is safe to remove. */
export const IMPORTED_MARKER = 'pgdata.imported';

const BATCH_ROWS = 1000;
const KNEX_TABLES = new Set(['knex_migrations', 'knex_migrations_lock']);

export class PgliteImportError extends OperatorError {
  override name = 'PgliteImportError';
}

export function legacyFolder(dataDir: string): string | undefined {
  const folder = path.join(dataDir, LEGACY_FOLDER);
  return fs.existsSync(path.join(folder, 'PG_VERSION')) ? folder : undefined;
}

/** The start-up check: an old folder not yet copied stops the server, saying how to copy it. */
export function legacyFolderProblem(dataDir: string): string | undefined {
  const folder = legacyFolder(dataDir);
  if (!folder || fs.existsSync(path.join(dataDir, IMPORTED_MARKER))) return undefined;
  return (
    `${path.resolve(folder)} holds the database of an earlier release (PGlite). The embedded ` +
    'database is PostgreSQL now, and that data is not in it yet. To copy it, run:\n' +
    '  npm run db:import-pglite\n' +
    'The old folder is left as it is; remove it yourself once you have checked the copy. ' +
    `To start afresh instead, move ${path.resolve(folder)} elsewhere.`
  );
}

interface PgliteLike {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  close(): Promise<void>;
}

/**
 * Opens a copy: opening a database writes to it (recovery, a checkpoint when closed), and the old
 * folder is to stay exactly as its release left it.
 */
async function openPglite(folder: string): Promise<PgliteLike> {
  const [{ PGlite }, { pg_trgm }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
  ]);
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'msp-pglite-import-'));
  fs.cpSync(folder, copy, { recursive: true });
  // pg_trgm: the old database's submissions search index uses it.
  const pglite = new PGlite({ dataDir: copy, extensions: { pg_trgm } });
  await pglite.waitReady;
  return {
    query: (sql, params) => pglite.query(sql, params),
    async close() {
      await pglite.close();
      fs.rmSync(copy, { recursive: true, force: true });
    },
  } as PgliteLike;
}

export interface ImportedTable {
  table: string;
  rows: number;
}

/**
 * Copies every table of the PGlite folder into `db` (an empty PostgreSQL database: no users and no
 * submissions; content seeded by a first start is replaced). The target is migrated to the old
 * database's schema first, so later migrations then run over the copied data as an upgrade would.
 * One transaction: on any failure the target is left as it was.
 */
export async function importPglite(folder: string, db: Database): Promise<ImportedTable[]> {
  const source = await openPglite(folder);
  try {
    const sourceMigrations = (
      await source.query<{ name: string }>('SELECT name FROM knex_migrations ORDER BY id')
    ).rows.map((row) => row.name);
    await refuseUsedTarget(db);
    await migrateTo(db, sourceMigrations);

    const tables = (
      await source.query<{ tablename: string }>(
        `SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
      )
    ).rows
      .map((row) => row.tablename)
      .filter((table) => !KNEX_TABLES.has(table));

    const copied: ImportedTable[] = [];
    await db.transaction(async (trx) => {
      // Rows go in as they were: foreign keys are checked by the source already, and the statistics
      // triggers must not count the copied submissions again on top of the copied aggregates.
      await trx.raw('SET LOCAL session_replication_role = replica');
      await trx.raw(`TRUNCATE ${tables.map(() => '??').join(', ')} RESTART IDENTITY CASCADE`, tables);
      for (const table of tables) {
        const targetColumns = await trx('information_schema.columns')
          .where({ table_schema: 'public', table_name: table })
          .andWhere('is_generated', 'NEVER')
          .pluck('column_name');
        if (targetColumns.length === 0) {
          throw new PgliteImportError(`The new database has no table ${table}; nothing was copied.`);
        }
        const sourceColumns = new Set(
          (
            await source.query<{ column_name: string }>(
              `SELECT column_name FROM information_schema.columns
               WHERE table_schema = 'public' AND table_name = $1 AND is_generated = 'NEVER'`,
              [table],
            )
          ).rows.map((row) => row.column_name),
        );
        const columns = targetColumns.filter((column) => sourceColumns.has(column));
        const list = columns.map((column) => `"${column.replace(/"/g, '""')}"`).join(', ');
        let rows = 0;
        for (let offset = 0; ; offset += BATCH_ROWS) {
          // As JSON text, read back by PostgreSQL into the table's own row type: dates, JSON,
          // arrays and numbers arrive exactly, with no JavaScript conversion in between.
          const batch = (
            await source.query<{ rows: string | null; n: number }>(
              `SELECT json_agg(t)::text AS rows, count(*)::int AS n
               FROM (SELECT ${list} FROM "${table}" LIMIT ${BATCH_ROWS} OFFSET ${offset}) t`,
            )
          ).rows[0]!;
          if (!batch.rows || batch.n === 0) break;
          await trx.raw(
            `INSERT INTO ?? (${list}) OVERRIDING SYSTEM VALUE
             SELECT ${list} FROM json_populate_recordset(NULL::??, ?::json)`,
            [table, table, batch.rows],
          );
          rows += batch.n;
          if (batch.n < BATCH_ROWS) break;
        }
        copied.push({ table, rows });
      }
      // Serial and identity columns continue after the copied ids.
      const sequences = await trx.raw<{ rows: { table_name: string; column_name: string }[] }>(
        `SELECT table_name, column_name FROM information_schema.columns
         WHERE table_schema = 'public' AND (column_default LIKE 'nextval(%' OR is_identity = 'YES')`,
      );
      for (const { table_name, column_name } of sequences.rows) {
        if (!tables.includes(table_name)) continue;
        await trx.raw(
          `SELECT setval(pg_get_serial_sequence(?, ?), COALESCE(MAX(??), 0) + 1, false) FROM ??`,
          [table_name, column_name, column_name, table_name],
        );
      }
    });
    await db.migrate.latest();
    return copied;
  } finally {
    await source.close();
  }
}

/** Data someone entered in the new database would be overwritten: refuse, naming what is there. */
async function refuseUsedTarget(db: Database): Promise<void> {
  for (const table of ['users', 'submissions']) {
    if (!(await db.schema.hasTable(table))) continue;
    const [{ n }] = (await db(table).count({ n: '*' })) as [{ n: string | number }];
    if (Number(n) > 0) {
      throw new PgliteImportError(
        `The new database already has ${n} row(s) in ${table}; the copy would overwrite them. ` +
          'Import into a new DATA_DIR (or an empty DATABASE_URL) instead. Nothing was copied.',
      );
    }
  }
}

/** Migrates the target one step at a time up to the old database's last migration. */
async function migrateTo(db: Database, sourceMigrations: string[]): Promise<void> {
  const wanted = new Set(sourceMigrations);
  for (;;) {
    // With an imported migration source, knex lists the pending ones as the source's own names.
    const [completed, pending] = (await db.migrate.list()) as [{ name: string }[], string[]];
    const done = completed.map((migration) => migration.name);
    const ahead = done.filter((name) => !wanted.has(name));
    if (ahead.length > 0) {
      throw new PgliteImportError(
        `The new database has migrations the old one lacks (${ahead.join(', ')}). ` +
          'Import into a new DATA_DIR (or an empty DATABASE_URL). Nothing was copied.',
      );
    }
    if (done.length === sourceMigrations.length) return;
    const next = pending[0];
    if (!next || !wanted.has(next)) {
      throw new PgliteImportError(
        `The old database has migrations this release does not know (${sourceMigrations
          .filter((name) => !done.includes(name))
          .join(', ')}): it was made by a newer release. Nothing was copied.`,
      );
    }
    await db.migrate.up();
  }
}
