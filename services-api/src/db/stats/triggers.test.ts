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

  it('count a pillar by its key, whatever ids it was scored under, and take back what a delete removes', async () => {
    const db = database.db;
    const submissions = ['0b7d5a3e-1111-4c1d-9a55-000000000001', '0b7d5a3e-1111-4c1d-9a55-000000000002'];
    await db('submissions').insert(
      submissions.map((id) => ({
        id,
        demographic_data: JSON.stringify({}),
        employee_count: '11-25',
        managed_companies: '26-50',
        overall_level: 1,
        cumulative_average: 50,
        answers: JSON.stringify([]),
      })),
    );
    // The same pillar before and after a content import: two ids, one key.
    const score = (
      submission: string,
      pillarId: number,
      name: string,
      level: number,
      normalized: number,
    ) => ({
      submission_id: submission,
      pillar_id: pillarId,
      pillar_key: 'expertise',
      pillar_name: name,
      pillar_order: 0,
      points: 0,
      max_points: 0,
      percentage: normalized * 100,
      normalized_score: normalized,
      level,
      employee_count: '11-25',
      managed_companies: '26-50',
    });
    await db('submission_pillar_scores').insert(score(submissions[0]!, 7, 'Expertise', 1, 0.25));
    await db('submission_pillar_scores').insert(score(submissions[1]!, 13, 'Know-how', 3, 0.75));
    const totals = async () => ({
      pillars: (
        await db.raw(`SELECT pillar_key, max(pillar_id) AS pillar_id, sum(level_sum)::int AS level_sum,
          sum(scores)::int AS scores FROM submission_stats_pillars GROUP BY 1 ORDER BY 1`)
      ).rows,
      groups: (
        await db.raw(`SELECT pillar_key, sum(score_sum)::text AS score_sum, sum(scores)::int AS scores
          FROM submission_stats_group_pillars GROUP BY 1 ORDER BY 1`)
      ).rows,
      levels: (
        await db.raw(`SELECT pillar_key, level, sum(scores)::int AS scores
          FROM submission_stats_pillar_levels GROUP BY 1, 2 HAVING sum(scores) <> 0 ORDER BY 1, 2`)
      ).rows,
    });
    expect(await totals()).toEqual({
      pillars: [{ pillar_key: 'expertise', pillar_id: 13, level_sum: 4, scores: 2 }],
      groups: [{ pillar_key: 'expertise', score_sum: '1.00', scores: 2 }],
      levels: [
        { pillar_key: 'expertise', level: 1, scores: 1 },
        { pillar_key: 'expertise', level: 3, scores: 1 },
      ],
    });

    await db('submissions').where('id', submissions[0]!).delete();
    expect(await totals()).toEqual({
      pillars: [{ pillar_key: 'expertise', pillar_id: 13, level_sum: 3, scores: 1 }],
      groups: [{ pillar_key: 'expertise', score_sum: '0.75', scores: 1 }],
      levels: [{ pillar_key: 'expertise', level: 3, scores: 1 }],
    });
    await db('submissions').where('id', submissions[1]!).delete();
  });

  it('spread over the shards the migrations made', () => {
    expect(STATS_SHARDS).toBe(SHIPPED_SHARDS);
  });
});
