import type { Knex } from 'knex';
import { STATS_SHARDS } from './20261124000000_submission_admin.js';

/**
 * The public peer comparison reads per-group aggregates instead of scanning its peer group (about
 * 80,000 submissions of a million): submissions per banner level, and the sum and number of
 * normalized scores per pillar, for every (employee_count, managed_companies) pair. A widened group
 * sums the few aggregate rows that share one of the two answers.
 *
 * - Kept by statement triggers in the same transaction as every insert and delete, in shards like
 *   the other aggregates, so concurrent submits rarely wait on one row.
 * - A missing answer is kept as '' (a key column cannot be null in a primary key). The comparison
 *   only ever filters on an answer that is present, so '' is never asked for.
 * - Pillar scores carry their submission's two answers: their trigger cannot join to the
 *   submission, which is already gone when a delete cascades to its scores.
 * - The score sum is numeric, so adding and then removing the same scores returns to exactly the
 *   previous sum whatever the order, and the average does not drift over time.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('submission_pillar_scores', (t) => {
    t.string('employee_count', 500);
    t.string('managed_companies', 500);
  });
  await knex.raw(`
    UPDATE submission_pillar_scores ps
    SET employee_count = s.employee_count, managed_companies = s.managed_companies
    FROM submissions s WHERE s.id = ps.submission_id`);

  await knex.schema.createTable('submission_stats_groups', (t) => {
    t.string('employee_count', 500).notNullable();
    t.string('managed_companies', 500).notNullable();
    t.smallint('banner_level').notNullable();
    t.smallint('shard').notNullable();
    t.bigint('submissions').notNullable();
    t.primary(['employee_count', 'managed_companies', 'banner_level', 'shard']);
  });
  await knex.schema.createTable('submission_stats_group_pillars', (t) => {
    t.string('employee_count', 500).notNullable();
    t.string('managed_companies', 500).notNullable();
    t.integer('pillar_id').notNullable();
    t.smallint('shard').notNullable();
    t.decimal('score_sum', null).notNullable();
    t.bigint('scores').notNullable();
    t.primary(['employee_count', 'managed_companies', 'pillar_id', 'shard']);
  });

  // TG_ARGV[0] is +1 for inserts and -1 for deletes, as for the other aggregates.
  await knex.raw(`
    CREATE FUNCTION submission_stats_groups() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      sign integer := TG_ARGV[0]::integer;
      pick smallint := floor(random() * ${STATS_SHARDS});
    BEGIN
      INSERT INTO submission_stats_groups AS g (employee_count, managed_companies, banner_level, shard, submissions)
        SELECT coalesce(employee_count, ''), coalesce(managed_companies, ''), banner_level, pick, sign * count(*)
        FROM changed GROUP BY 1, 2, 3
        ON CONFLICT (employee_count, managed_companies, banner_level, shard)
        DO UPDATE SET submissions = g.submissions + excluded.submissions;
      RETURN NULL;
    END $$`);
  await knex.raw(`
    CREATE FUNCTION submission_stats_group_pillars() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      sign integer := TG_ARGV[0]::integer;
      pick smallint := floor(random() * ${STATS_SHARDS});
    BEGIN
      INSERT INTO submission_stats_group_pillars AS p
          (employee_count, managed_companies, pillar_id, shard, score_sum, scores)
        SELECT coalesce(employee_count, ''), coalesce(managed_companies, ''), pillar_id, pick,
          sign * sum(normalized_score::numeric), sign * count(*)
        FROM changed GROUP BY 1, 2, 3
        ON CONFLICT (employee_count, managed_companies, pillar_id, shard) DO UPDATE SET
          score_sum = p.score_sum + excluded.score_sum,
          scores = p.scores + excluded.scores;
      RETURN NULL;
    END $$`);
  for (const [table, fn] of [
    ['submissions', 'submission_stats_groups'],
    ['submission_pillar_scores', 'submission_stats_group_pillars'],
  ] as const) {
    await knex.raw(`
      CREATE TRIGGER ${table}_group_stats_insert AFTER INSERT ON ${table}
      REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION ${fn}('1')`);
    await knex.raw(`
      CREATE TRIGGER ${table}_group_stats_delete AFTER DELETE ON ${table}
      REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION ${fn}('-1')`);
  }

  // The submissions stored so far, counted once.
  await knex.raw(`
    INSERT INTO submission_stats_groups (employee_count, managed_companies, banner_level, shard, submissions)
    SELECT coalesce(employee_count, ''), coalesce(managed_companies, ''), banner_level, 0, count(*)
    FROM submissions GROUP BY 1, 2, 3`);
  await knex.raw(`
    INSERT INTO submission_stats_group_pillars
      (employee_count, managed_companies, pillar_id, shard, score_sum, scores)
    SELECT coalesce(employee_count, ''), coalesce(managed_companies, ''), pillar_id, 0,
      sum(normalized_score::numeric), count(*)
    FROM submission_pillar_scores GROUP BY 1, 2, 3`);
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['submissions', 'submission_pillar_scores']) {
    await knex.raw(`DROP TRIGGER IF EXISTS ${table}_group_stats_insert ON ${table}`);
    await knex.raw(`DROP TRIGGER IF EXISTS ${table}_group_stats_delete ON ${table}`);
  }
  await knex.raw('DROP FUNCTION IF EXISTS submission_stats_groups()');
  await knex.raw('DROP FUNCTION IF EXISTS submission_stats_group_pillars()');
  await knex.schema.dropTableIfExists('submission_stats_group_pillars');
  await knex.schema.dropTableIfExists('submission_stats_groups');
  await knex.schema.alterTable('submission_pillar_scores', (t) => {
    t.dropColumn('managed_companies');
    t.dropColumn('employee_count');
  });
}
