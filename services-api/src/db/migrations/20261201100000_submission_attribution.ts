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
 * - `submission_stats_sources` and `..._monthly`: submissions per source and per campaign (each a
 *   dimension of its own, not their product), by UTC day and by month, kept by a statement trigger
 *   like the other aggregates: the analytics by source read a few rows per period.
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

  for (const [table, period] of [
    ['submission_stats_sources', 'day'],
    ['submission_stats_sources_monthly', 'month'],
  ] as const) {
    await knex.schema.createTable(table, (t) => {
      t.string('dimension', 8).notNullable();
      t.date(period).notNullable();
      t.string('value', 200).notNullable();
      t.smallint('shard').notNullable();
      t.bigint('submissions').notNullable();
      t.primary(['dimension', period, 'value', 'shard']);
    });
  }
  await knex.raw(`
    CREATE FUNCTION submission_stats_sources() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      sign integer := TG_ARGV[0]::integer;
      pick smallint := floor(random() * ${STATS_SHARDS});
    BEGIN
      INSERT INTO submission_stats_sources AS s (dimension, day, value, shard, submissions)
        SELECT d.dimension, (c.submitted_at AT TIME ZONE 'UTC')::date, d.value, pick, sign * count(*)
        FROM changed c CROSS JOIN LATERAL (VALUES ('campaign', coalesce(c.utm_campaign, '')),
          ('source', coalesce(c.utm_source, ''))) d (dimension, value)
        GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
        ON CONFLICT (dimension, day, value, shard) DO UPDATE SET submissions = s.submissions + excluded.submissions;
      INSERT INTO submission_stats_sources_monthly AS m (dimension, month, value, shard, submissions)
        SELECT d.dimension, date_trunc('month', c.submitted_at AT TIME ZONE 'UTC')::date, d.value, pick,
          sign * count(*)
        FROM changed c CROSS JOIN LATERAL (VALUES ('campaign', coalesce(c.utm_campaign, '')),
          ('source', coalesce(c.utm_source, ''))) d (dimension, value)
        GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
        ON CONFLICT (dimension, month, value, shard) DO UPDATE SET submissions = m.submissions + excluded.submissions;
      RETURN NULL;
    END $$`);
  await knex.raw(`
    CREATE TRIGGER submissions_source_stats_insert AFTER INSERT ON submissions
    REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION submission_stats_sources('1')`);
  await knex.raw(`
    CREATE TRIGGER submissions_source_stats_delete AFTER DELETE ON submissions
    REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION submission_stats_sources('-1')`);

  // The submissions stored so far, counted once: none carries a source or a campaign yet.
  for (const dimension of ['campaign', 'source']) {
    await knex.raw(
      `INSERT INTO submission_stats_sources (dimension, day, value, shard, submissions)
      SELECT ?, (submitted_at AT TIME ZONE 'UTC')::date, '', 0, count(*) FROM submissions GROUP BY 2`,
      [dimension],
    );
    await knex.raw(
      `INSERT INTO submission_stats_sources_monthly (dimension, month, value, shard, submissions)
      SELECT ?, date_trunc('month', submitted_at AT TIME ZONE 'UTC')::date, '', 0, count(*)
      FROM submissions GROUP BY 2`,
      [dimension],
    );
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER IF EXISTS submissions_source_stats_insert ON submissions');
  await knex.raw('DROP TRIGGER IF EXISTS submissions_source_stats_delete ON submissions');
  await knex.raw('DROP FUNCTION IF EXISTS submission_stats_sources()');
  await knex.schema.dropTableIfExists('submission_stats_sources_monthly');
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
