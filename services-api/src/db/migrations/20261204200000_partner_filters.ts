import type { Knex } from 'knex';

/**
 * A partner's submissions found by one filter: the medium (utm_medium) and the referral code
 * (`ref`) filter the list and the export as the source and campaign do, and the analytics by source
 * count them too.
 *
 * - `(utm_medium, submitted_at, id)` and `(ref_code, submitted_at, id)`: a filtered page reads its
 *   rows in the list's order and its count is an index-only scan of the one value, like the
 *   source's and campaign's. Partial: a submission without one needs no entry.
 * - `submission_stats_sources` and its monthly twin gain the dimensions `medium` and `ref`, kept by
 *   the same statement trigger (its body as `db/stats/triggers.ts` has it now), and the
 *   submissions stored so far are counted into them once.
 */
const dimensions = (withMediumAndRef: boolean) =>
  withMediumAndRef
    ? `(VALUES ('campaign', coalesce(c.utm_campaign, '')),
          ('medium', coalesce(c.utm_medium, '')), ('ref', coalesce(c.ref_code, '')),
          ('source', coalesce(c.utm_source, ''))) d (dimension, value)`
    : `(VALUES ('campaign', coalesce(c.utm_campaign, '')),
          ('source', coalesce(c.utm_source, ''))) d (dimension, value)`;

const sourcesFunction = (withMediumAndRef: boolean) => `
    CREATE OR REPLACE FUNCTION submission_stats_sources() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      sign integer := TG_ARGV[0]::integer;
      pick smallint := floor(random() * 4);
    BEGIN
      INSERT INTO submission_stats_sources AS s (dimension, day, value, shard, submissions)
        SELECT d.dimension, (c.submitted_at AT TIME ZONE 'UTC')::date, d.value, pick, sign * count(*)
        FROM changed c CROSS JOIN LATERAL ${dimensions(withMediumAndRef)}
        GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
        ON CONFLICT (dimension, day, value, shard) DO UPDATE SET submissions = s.submissions + excluded.submissions;
      INSERT INTO submission_stats_sources_monthly AS m (dimension, month, value, shard, submissions)
        SELECT d.dimension, date_trunc('month', c.submitted_at AT TIME ZONE 'UTC')::date, d.value, pick,
          sign * count(*)
        FROM changed c CROSS JOIN LATERAL ${dimensions(withMediumAndRef)}
        GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
        ON CONFLICT (dimension, month, value, shard) DO UPDATE SET submissions = m.submissions + excluded.submissions;
      RETURN NULL;
    END $$`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE INDEX submissions_utm_medium_submitted_at_index
    ON submissions (utm_medium, submitted_at, id) WHERE utm_medium IS NOT NULL`);
  await knex.raw(`CREATE INDEX submissions_ref_code_submitted_at_index
    ON submissions (ref_code, submitted_at, id) WHERE ref_code IS NOT NULL`);
  // The table is locked while the function changes and the stored submissions are counted, so no
  // submission is counted twice or missed in between.
  await knex.raw('LOCK TABLE submissions IN SHARE MODE');
  await knex.raw(sourcesFunction(true));
  for (const [dimension, column] of [
    ['medium', 'utm_medium'],
    ['ref', 'ref_code'],
  ] as const) {
    await knex.raw(
      `INSERT INTO submission_stats_sources (dimension, day, value, shard, submissions)
      SELECT ?, (submitted_at AT TIME ZONE 'UTC')::date, coalesce(??, ''), 0, count(*)
      FROM submissions GROUP BY 2, 3`,
      [dimension, column],
    );
    await knex.raw(
      `INSERT INTO submission_stats_sources_monthly (dimension, month, value, shard, submissions)
      SELECT ?, date_trunc('month', submitted_at AT TIME ZONE 'UTC')::date, coalesce(??, ''), 0, count(*)
      FROM submissions GROUP BY 2, 3`,
      [dimension, column],
    );
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(sourcesFunction(false));
  for (const table of ['submission_stats_sources', 'submission_stats_sources_monthly']) {
    await knex(table).whereIn('dimension', ['medium', 'ref']).delete();
  }
  await knex.raw('DROP INDEX IF EXISTS submissions_ref_code_submitted_at_index');
  await knex.raw('DROP INDEX IF EXISTS submissions_utm_medium_submitted_at_index');
}
