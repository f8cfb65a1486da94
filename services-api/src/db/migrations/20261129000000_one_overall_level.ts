import type { Knex } from 'knex';
import { STATS_SHARDS } from './20261124000000_submission_admin.js';

/**
 * One overall level per submission. The results page and email showed the rounded mean of the
 * pillar levels (banner_level), while the admin, the exports, /api/v1, the webhook and the level
 * statistics used the level of the average percentage (overall_level): for half of the
 * submissions the visitor and the salesperson saw different levels. overall_level now holds the
 * visitor's level for every submission, the statistics that counted the other one are recounted,
 * and banner_level goes, so no second level can come back. The average percentage stays as the
 * average score (cumulative_average).
 *
 * The groups function is copied from db/stats/triggers.ts as it stands today; a migration never
 * imports code that may change later.
 */
const groupsFunction = (column: 'overall_level' | 'banner_level') => `
  CREATE OR REPLACE FUNCTION submission_stats_groups() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      sign integer := TG_ARGV[0]::integer;
      pick smallint := floor(random() * ${STATS_SHARDS});
    BEGIN
      INSERT INTO submission_stats_groups AS g (employee_count, managed_companies, ${column}, shard, submissions)
        SELECT coalesce(employee_count, ''), coalesce(managed_companies, ''), ${column}, pick, sign * count(*)
        FROM changed GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
        ON CONFLICT (employee_count, managed_companies, ${column}, shard)
        DO UPDATE SET submissions = g.submissions + excluded.submissions;
      RETURN NULL;
    END $$`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw('UPDATE submissions SET overall_level = banner_level WHERE overall_level <> banner_level');
  // The level counts followed inserts and deletes of the old level: counted again from the rows.
  await knex.raw('DELETE FROM submission_stats_levels');
  await knex.raw(`
    INSERT INTO submission_stats_levels (level, shard, submissions)
    SELECT overall_level, 0, count(*) FROM submissions GROUP BY 1`);
  // The comparison's groups already counted the visitor's level; only the names change.
  await knex.raw('ALTER TABLE submission_stats_groups RENAME COLUMN banner_level TO overall_level');
  await knex.raw(groupsFunction('overall_level'));
  await knex.raw('ALTER TABLE submissions DROP COLUMN banner_level');
}

/** Puts the second column back, holding the one level: the level of the average is not kept. */
export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE submissions ADD COLUMN banner_level smallint');
  await knex.raw('UPDATE submissions SET banner_level = overall_level');
  await knex.raw('ALTER TABLE submissions ALTER COLUMN banner_level SET NOT NULL');
  await knex.raw('ALTER TABLE submission_stats_groups RENAME COLUMN overall_level TO banner_level');
  await knex.raw(groupsFunction('banner_level'));
}
