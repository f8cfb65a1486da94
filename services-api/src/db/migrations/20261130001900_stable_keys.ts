import type { Knex } from 'knex';
import { STATS_SHARDS } from './20261124000000_submission_admin.js';

/**
 * A pillar and a question keep one identity, their key, through renames and through a content
 * import (which deletes every pillar and question and inserts them again with new ids). The
 * figures grouped by pillar id: after one import, Analytics showed each pillar twice, the old
 * submissions under the old ids and the new ones under the new.
 *
 * - A pillar's key is a slug of its name ("expertise"), as the content export already wrote each
 *   pillar's ref: readable in an export and in the API, and the refs of files exported by the
 *   earlier release are the keys given here, so such a file, imported again, meets the same history.
 *   It is given once and kept: renaming a pillar does not change it.
 * - A question's key is a uuid: its text is no name, and is edited.
 * - The scores already stored take the key of their pillar; a pillar deleted since (by an import,
 *   most often) takes the slug of the name its scores were frozen with, so the halves an import
 *   split are one history again. A pillar deleted and created again under the same name continues
 *   its history the same way.
 * - The frozen answers take the key of their question; one deleted since takes the key of a
 *   question of the same text, else a key of its own.
 * - The aggregates by pillar are keyed by the pillar key and counted again from the scores; their
 *   trigger functions are copied from db/stats/triggers.ts as it stands today.
 */

/** The slug the content export made a pillar's ref from, kept here as it was then. */
function slugOf(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'pillar'
  );
}

const header = (name: string) => `CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      sign integer := TG_ARGV[0]::integer;
      pick smallint := floor(random() * ${STATS_SHARDS});
    BEGIN`;

/** The three per-pillar aggregates' functions, grouping by `column` (pillar_key, or pillar_id to go back). */
function functions(column: 'pillar_key' | 'pillar_id'): string[] {
  const latestId = column === 'pillar_key';
  return [
    `${header('submission_stats_pillars')}
      INSERT INTO submission_stats_pillars AS p (${column}, shard, ${latestId ? 'pillar_id, ' : ''}pillar_name, level_sum, scores)
        SELECT ${column}, pick, ${latestId ? 'max(pillar_id), ' : ''}max(pillar_name), sign * sum(level), sign * count(*)
        FROM changed GROUP BY 1 ORDER BY 1
        ON CONFLICT (${column}, shard) DO UPDATE SET
          level_sum = p.level_sum + excluded.level_sum,
          scores = p.scores + excluded.scores,${latestId ? '\n          pillar_id = CASE WHEN sign > 0 THEN greatest(p.pillar_id, excluded.pillar_id) ELSE p.pillar_id END,' : ''}
          pillar_name = CASE WHEN sign > 0 THEN excluded.pillar_name ELSE p.pillar_name END;
      RETURN NULL;
    END $$`,
    `${header('submission_stats_group_pillars')}
      INSERT INTO submission_stats_group_pillars AS p
          (employee_count, managed_companies, ${column}, shard, score_sum, scores)
        SELECT coalesce(employee_count, ''), coalesce(managed_companies, ''), ${column}, pick,
          sign * sum(normalized_score::numeric), sign * count(*)
        FROM changed GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
        ON CONFLICT (employee_count, managed_companies, ${column}, shard) DO UPDATE SET
          score_sum = p.score_sum + excluded.score_sum,
          scores = p.scores + excluded.scores;
      RETURN NULL;
    END $$`,
    `${header('submission_stats_pillar_levels')}
      INSERT INTO submission_stats_pillar_levels AS p (${column}, level, shard, scores)
        SELECT ${column}, level, pick, sign * count(*) FROM changed GROUP BY 1, 2 ORDER BY 1, 2
        ON CONFLICT (${column}, level, shard) DO UPDATE SET scores = p.scores + excluded.scores;
      RETURN NULL;
    END $$`,
  ];
}

/** Makes the three per-pillar aggregates again, keyed by `column`, counted from the scores. */
async function rebuildAggregates(knex: Knex, column: 'pillar_key' | 'pillar_id'): Promise<void> {
  const byKey = column === 'pillar_key';
  for (const table of [
    'submission_stats_pillars',
    'submission_stats_group_pillars',
    'submission_stats_pillar_levels',
  ]) {
    await knex.schema.dropTable(table);
  }
  await knex.schema.createTable('submission_stats_pillars', (t) => {
    if (byKey) {
      t.string('pillar_key', 100).notNullable();
      t.smallint('shard').notNullable();
      // The id the pillar was last scored under, for a pillar deleted since.
      t.integer('pillar_id').notNullable();
    } else {
      t.integer('pillar_id').notNullable();
      t.smallint('shard').notNullable();
    }
    // The frozen name of the latest scores added, for a pillar deleted since.
    t.string('pillar_name', 100).notNullable();
    t.bigint('level_sum').notNullable();
    t.bigint('scores').notNullable();
    t.primary([column, 'shard']);
  });
  await knex.schema.createTable('submission_stats_group_pillars', (t) => {
    t.string('employee_count', 500).notNullable();
    t.string('managed_companies', 500).notNullable();
    if (byKey) t.string('pillar_key', 100).notNullable();
    else t.integer('pillar_id').notNullable();
    t.smallint('shard').notNullable();
    t.decimal('score_sum', null).notNullable();
    t.bigint('scores').notNullable();
    t.primary(['employee_count', 'managed_companies', column, 'shard']);
  });
  await knex.schema.createTable('submission_stats_pillar_levels', (t) => {
    if (byKey) t.string('pillar_key', 100).notNullable();
    else t.integer('pillar_id').notNullable();
    t.smallint('level').notNullable();
    t.smallint('shard').notNullable();
    t.bigint('scores').notNullable();
    t.primary([column, 'level', 'shard']);
  });
  for (const sql of functions(column)) await knex.raw(sql);

  // Counted once from the scores, each with the name of its most recent submission.
  await knex.raw(`
    INSERT INTO submission_stats_pillars (${column}, shard, ${byKey ? 'pillar_id, ' : ''}pillar_name, level_sum, scores)
    SELECT ps.${column}, 0, ${byKey ? 'max(ps.pillar_id), ' : ''}max(latest.pillar_name), sum(ps.level), count(*)
    FROM submission_pillar_scores ps JOIN (
      SELECT DISTINCT ON (ps.${column}) ps.${column} AS pillar, ps.pillar_name
      FROM submission_pillar_scores ps JOIN submissions s ON s.id = ps.submission_id
      ORDER BY ps.${column}, s.submitted_at DESC
    ) latest ON latest.pillar = ps.${column}
    GROUP BY 1`);
  await knex.raw(`
    INSERT INTO submission_stats_group_pillars
      (employee_count, managed_companies, ${column}, shard, score_sum, scores)
    SELECT coalesce(employee_count, ''), coalesce(managed_companies, ''), ${column}, 0,
      sum(normalized_score::numeric), count(*)
    FROM submission_pillar_scores GROUP BY 1, 2, 3`);
  await knex.raw(`
    INSERT INTO submission_stats_pillar_levels (${column}, level, shard, scores)
    SELECT ${column}, level, 0, count(*) FROM submission_pillar_scores GROUP BY 1, 2`);
}

export async function up(knex: Knex): Promise<void> {
  // Pillars in display order, so the first of two equal names keeps the plain slug, as in exports.
  await knex.schema.alterTable('pillars', (t) => t.string('key', 100));
  const pillars = await knex('pillars')
    .select<{ id: number; name: string }[]>('id', 'name')
    .orderBy([{ column: 'order' }, { column: 'id' }]);
  const keyOfPillar = new Map<number, string>();
  const used = new Set<string>();
  for (const pillar of pillars) {
    // Numbered within the column's 100 characters.
    const base = slugOf(pillar.name);
    let key = base.slice(0, 100);
    for (let n = 2; used.has(key); n++) key = `${base.slice(0, 100 - `-${n}`.length)}-${n}`;
    used.add(key);
    keyOfPillar.set(pillar.id, key);
    await knex('pillars').where('id', pillar.id).update({ key });
  }
  await knex.schema.alterTable('pillars', (t) => {
    t.string('key', 100).notNullable().alter();
    t.unique(['key']);
  });

  await knex.schema.alterTable('questions', (t) => t.string('key', 100));
  await knex.raw('UPDATE questions SET key = gen_random_uuid()::text');
  // A question written without a key (by hand in SQL, say) still gets one of its own.
  await knex.schema.alterTable('questions', (t) => {
    t.string('key', 100).notNullable().defaultTo(knex.raw('gen_random_uuid()::text')).alter();
    t.unique(['key']);
  });

  // Scores of a pillar that is gone: the slug of the name they were last frozen with.
  const scored = await knex('submission_pillar_scores as ps')
    .join('submissions as s', 's.id', 'ps.submission_id')
    .whereNotIn('ps.pillar_id', knex('pillars').select('id'))
    .select<{ id: number; name: string }[]>(
      'ps.pillar_id as id',
      knex.raw('(array_agg(ps.pillar_name ORDER BY s.submitted_at DESC))[1] as name'),
    )
    .groupBy('ps.pillar_id');
  for (const gone of scored) keyOfPillar.set(Number(gone.id), slugOf(gone.name));
  await knex.schema.alterTable('submission_pillar_scores', (t) => t.string('pillar_key', 100));
  if (keyOfPillar.size > 0) {
    const pairs = [...keyOfPillar];
    await knex.raw(
      `UPDATE submission_pillar_scores ps SET pillar_key = k.key
       FROM (VALUES ${pairs.map(() => '(?::int, ?::text)').join(', ')}) AS k(id, key)
       WHERE ps.pillar_id = k.id`,
      pairs.flat(),
    );
  }
  await knex.schema.alterTable('submission_pillar_scores', (t) => {
    t.string('pillar_key', 100).notNullable().alter();
    t.index(['pillar_key']);
  });

  // Each frozen answer gets its question's key; a question gone takes a live one's of the same text.
  await knex.raw(`
    UPDATE submissions s SET answers = (
      SELECT jsonb_agg(a.value || jsonb_build_object('questionKey', coalesce(
        (SELECT q.key FROM questions q WHERE q.id = (a.value->>'questionId')::int),
        (SELECT min(q.key) FROM questions q WHERE q.text = a.value->>'questionText'),
        md5('question-' || (a.value->>'questionId'))::uuid::text
      )) ORDER BY a.ordinality)
      FROM jsonb_array_elements(s.answers) WITH ORDINALITY a
    )
    WHERE jsonb_array_length(s.answers) > 0`);

  await rebuildAggregates(knex, 'pillar_key');
}

export async function down(knex: Knex): Promise<void> {
  await rebuildAggregates(knex, 'pillar_id');
  await knex.raw(`
    UPDATE submissions s SET answers = (
      SELECT jsonb_agg(a.value - 'questionKey' ORDER BY a.ordinality)
      FROM jsonb_array_elements(s.answers) WITH ORDINALITY a
    )
    WHERE jsonb_array_length(s.answers) > 0`);
  await knex.schema.alterTable('submission_pillar_scores', (t) => t.dropColumn('pillar_key'));
  await knex.schema.alterTable('questions', (t) => t.dropColumn('key'));
  await knex.schema.alterTable('pillars', (t) => t.dropColumn('key'));
}
