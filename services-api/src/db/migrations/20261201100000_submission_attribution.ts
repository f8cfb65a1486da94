import type { Knex } from 'knex';
import { STATS_SHARDS } from './20261124000000_submission_admin.js';

/**
 * Where each submission came from: the campaign parameters (utm_*, ref) of the address the visit
 * arrived at, the referring host and the landing path, as typed columns so a list filtered by
 * source or campaign reads an index rather than a million JSON documents.
 *
 * - `(utm_source, submitted_at, id)` and `(utm_campaign, submitted_at, id)`: a filtered page reads
 *   its rows in the list's order, and its count is an index-only scan of the one value. Partial:
 *   most submissions carry no campaign, and they need no entry.
 * - `submission_stats_sources`: submissions per UTC day, source and campaign, kept by a statement
 *   trigger like the other aggregates, so the analytics by source read a few rows per day.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('submissions', (t) => {
    for (const column of ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content', 'ref_code'])
      t.string(column, 200).nullable();
    t.string('referrer_host', 253).nullable();
    t.string('landing_path', 500).nullable();
  });
  await knex.raw(`CREATE INDEX submissions_utm_source_submitted_at_index
    ON submissions (utm_source, submitted_at, id) WHERE utm_source IS NOT NULL`);
  await knex.raw(`CREATE INDEX submissions_utm_campaign_submitted_at_index
    ON submissions (utm_campaign, submitted_at, id) WHERE utm_campaign IS NOT NULL`);

  await knex.schema.createTable('submission_stats_sources', (t) => {
    t.date('day').notNullable();
    t.string('source', 200).notNullable();
    t.string('campaign', 200).notNullable();
    t.smallint('shard').notNullable();
    t.bigint('submissions').notNullable();
    t.primary(['day', 'source', 'campaign', 'shard']);
  });
  await knex.raw(`
    CREATE FUNCTION submission_stats_sources() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      sign integer := TG_ARGV[0]::integer;
      pick smallint := floor(random() * ${STATS_SHARDS});
    BEGIN
      INSERT INTO submission_stats_sources AS s (day, source, campaign, shard, submissions)
        SELECT (submitted_at AT TIME ZONE 'UTC')::date, coalesce(utm_source, ''), coalesce(utm_campaign, ''),
          pick, sign * count(*)
        FROM changed GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
        ON CONFLICT (day, source, campaign, shard) DO UPDATE SET submissions = s.submissions + excluded.submissions;
      RETURN NULL;
    END $$`);
  await knex.raw(`
    CREATE TRIGGER submissions_source_stats_insert AFTER INSERT ON submissions
    REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION submission_stats_sources('1')`);
  await knex.raw(`
    CREATE TRIGGER submissions_source_stats_delete AFTER DELETE ON submissions
    REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION submission_stats_sources('-1')`);

  // The submissions stored so far, counted once: none carries a source yet.
  await knex.raw(`
    INSERT INTO submission_stats_sources (day, source, campaign, shard, submissions)
    SELECT (submitted_at AT TIME ZONE 'UTC')::date, '', '', 0, count(*) FROM submissions GROUP BY 1`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER IF EXISTS submissions_source_stats_insert ON submissions');
  await knex.raw('DROP TRIGGER IF EXISTS submissions_source_stats_delete ON submissions');
  await knex.raw('DROP FUNCTION IF EXISTS submission_stats_sources()');
  await knex.schema.dropTableIfExists('submission_stats_sources');
  await knex.raw('DROP INDEX IF EXISTS submissions_utm_campaign_submitted_at_index');
  await knex.raw('DROP INDEX IF EXISTS submissions_utm_source_submitted_at_index');
  await knex.schema.alterTable('submissions', (t) => {
    t.dropColumns(
      'utm_source',
      'utm_medium',
      'utm_campaign',
      'utm_term',
      'utm_content',
      'ref_code',
      'referrer_host',
      'landing_path',
    );
  });
}
