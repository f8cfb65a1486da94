import type { Knex } from 'knex';
import { STATS_SHARDS } from './20261124000000_submission_admin.js';

/**
 * Aggregates for the key-based API's analytics, kept like the others by statement triggers in the
 * transaction of every insert and delete, so the distributions read a few hundred rows at any
 * number of submissions:
 *
 * - `submission_stats_levels`: submissions per overall level;
 * - `submission_stats_pillar_levels`: scores per pillar and level;
 * - `submission_stats_demographics`: submissions per answer of each select or radio field. Which
 *   fields those are is read from `demographic_fields` when the submission is stored (submit only
 *   accepts listed options there, so the table stays small). A delete takes back only pairs that
 *   were counted, so a field deleted or retyped since never drives a count below what was added.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('submission_stats_levels', (t) => {
    t.smallint('level').notNullable();
    t.smallint('shard').notNullable();
    t.bigint('submissions').notNullable();
    t.primary(['level', 'shard']);
  });
  await knex.schema.createTable('submission_stats_pillar_levels', (t) => {
    t.integer('pillar_id').notNullable();
    t.smallint('level').notNullable();
    t.smallint('shard').notNullable();
    t.bigint('scores').notNullable();
    t.primary(['pillar_id', 'level', 'shard']);
  });
  await knex.schema.createTable('submission_stats_demographics', (t) => {
    t.string('field', 64).notNullable();
    t.string('value', 500).notNullable();
    t.smallint('shard').notNullable();
    t.bigint('submissions').notNullable();
    t.primary(['field', 'value', 'shard']);
  });

  await knex.raw(`
    CREATE FUNCTION submission_stats_answers() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      sign integer := TG_ARGV[0]::integer;
      pick smallint := floor(random() * ${STATS_SHARDS});
    BEGIN
      INSERT INTO submission_stats_levels AS l (level, shard, submissions)
        SELECT overall_level, pick, sign * count(*) FROM changed GROUP BY 1 ORDER BY 1
        ON CONFLICT (level, shard) DO UPDATE SET submissions = l.submissions + excluded.submissions;
      INSERT INTO submission_stats_demographics AS d (field, value, shard, submissions)
        SELECT kv.key, kv.value, pick, sign * count(*)
        FROM changed c CROSS JOIN LATERAL jsonb_each_text(c.demographic_data) kv
        WHERE CASE WHEN sign > 0
          THEN EXISTS (SELECT 1 FROM demographic_fields f
            WHERE f.identifier = kv.key AND f.field_type IN ('select', 'radio'))
          ELSE EXISTS (SELECT 1 FROM submission_stats_demographics s
            WHERE s.field = kv.key AND s.value = kv.value)
        END
        -- One lock order for every statement, so concurrent submits wait on each other, never deadlock.
        GROUP BY 1, 2 ORDER BY 1, 2
        ON CONFLICT (field, value, shard) DO UPDATE SET submissions = d.submissions + excluded.submissions;
      RETURN NULL;
    END $$`);
  await knex.raw(`
    CREATE FUNCTION submission_stats_pillar_levels() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      sign integer := TG_ARGV[0]::integer;
      pick smallint := floor(random() * ${STATS_SHARDS});
    BEGIN
      INSERT INTO submission_stats_pillar_levels AS p (pillar_id, level, shard, scores)
        SELECT pillar_id, level, pick, sign * count(*) FROM changed GROUP BY 1, 2 ORDER BY 1, 2
        ON CONFLICT (pillar_id, level, shard) DO UPDATE SET scores = p.scores + excluded.scores;
      RETURN NULL;
    END $$`);
  for (const [table, fn] of [
    ['submissions', 'submission_stats_answers'],
    ['submission_pillar_scores', 'submission_stats_pillar_levels'],
  ] as const) {
    await knex.raw(`
      CREATE TRIGGER ${table}_level_stats_insert AFTER INSERT ON ${table}
      REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION ${fn}('1')`);
    await knex.raw(`
      CREATE TRIGGER ${table}_level_stats_delete AFTER DELETE ON ${table}
      REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION ${fn}('-1')`);
  }

  // The submissions stored so far, counted once.
  await knex.raw(`
    INSERT INTO submission_stats_levels (level, shard, submissions)
    SELECT overall_level, 0, count(*) FROM submissions GROUP BY 1`);
  await knex.raw(`
    INSERT INTO submission_stats_pillar_levels (pillar_id, level, shard, scores)
    SELECT pillar_id, level, 0, count(*) FROM submission_pillar_scores GROUP BY 1, 2`);
  await knex.raw(`
    INSERT INTO submission_stats_demographics (field, value, shard, submissions)
    SELECT kv.key, kv.value, 0, count(*)
    FROM submissions s CROSS JOIN LATERAL jsonb_each_text(s.demographic_data) kv
    JOIN demographic_fields f ON f.identifier = kv.key AND f.field_type IN ('select', 'radio')
    GROUP BY 1, 2`);
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['submissions', 'submission_pillar_scores']) {
    await knex.raw(`DROP TRIGGER IF EXISTS ${table}_level_stats_insert ON ${table}`);
    await knex.raw(`DROP TRIGGER IF EXISTS ${table}_level_stats_delete ON ${table}`);
  }
  await knex.raw('DROP FUNCTION IF EXISTS submission_stats_answers()');
  await knex.raw('DROP FUNCTION IF EXISTS submission_stats_pillar_levels()');
  await knex.schema.dropTableIfExists('submission_stats_demographics');
  await knex.schema.dropTableIfExists('submission_stats_pillar_levels');
  await knex.schema.dropTableIfExists('submission_stats_levels');
}
