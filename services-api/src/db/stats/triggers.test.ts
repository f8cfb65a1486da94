import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds, type TestDatabase } from '../../test/test-database.js';
import { STATS_SHARDS as SHIPPED_SHARDS } from '../migrations/20261124000000_submission_admin.js';
import { STATS_FUNCTIONS, STATS_SHARDS, STATS_TRIGGERS, type StatsFunction } from './triggers.js';

/** The body between the dollar quotes, with runs of white space as one space. */
const bodyOf = (sql: string) =>
  sql
    .slice(sql.indexOf('$$') + 2, sql.lastIndexOf('$$'))
    .replace(/\s+/g, ' ')
    .trim();

describe.each(testDatabaseKinds)('the statistics triggers on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await kind.create();
  });
  afterAll(() => database.destroy());

  it('run exactly the SQL of db/stats after every migration', async () => {
    const names = Object.keys(STATS_FUNCTIONS) as StatsFunction[];
    const { rows } = await database.db.raw<{ rows: { name: string; source: string }[] }>(
      `SELECT proname AS name, prosrc AS source FROM pg_proc
       WHERE proname = ANY(?) AND pronamespace = 'public'::regnamespace`,
      [names],
    );
    expect(rows.map((row) => row.name).sort()).toEqual([...names].sort());
    for (const row of rows) {
      expect(row.source.replace(/\s+/g, ' ').trim(), row.name).toBe(
        bodyOf(STATS_FUNCTIONS[row.name as StatsFunction]),
      );
    }
  });

  it('fire each function after inserts and deletes on its table, and nothing else', async () => {
    const { rows } = await database.db.raw<{ rows: { table: string; fn: string; definition: string }[] }>(
      `SELECT c.relname AS "table", p.proname AS fn, pg_get_triggerdef(t.oid) AS definition
       FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_proc p ON p.oid = t.tgfoid
       WHERE NOT t.tgisinternal AND p.proname LIKE 'submission_stats_%'`,
    );
    const fired = rows.map(
      (row) => `${row.table} ${row.fn} ${/AFTER (INSERT|DELETE)/.exec(row.definition)?.[1]}`,
    );
    const expected = STATS_TRIGGERS.flatMap(({ table, fn }) => [
      `${table} ${fn} INSERT`,
      `${table} ${fn} DELETE`,
    ]);
    expect(fired.sort()).toEqual(expected.sort());
  });

  it('spread over the shards the migrations made', () => {
    expect(STATS_SHARDS).toBe(SHIPPED_SHARDS);
  });
});
