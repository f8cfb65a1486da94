import type { Knex } from 'knex';

/**
 * Submissions found by the language they were taken in: the admin's list, its export, /api/v1 and
 * the analytics filter by it.
 *
 * - `(language, submitted_at, id)` where the language is not English: a page of another language
 *   reads its rows in the list's order and its count is an index-only scan of the one value.
 *   Partial, so most submits (English) add no entry: a filter on English matches most rows, which
 *   the list's own (submitted_at, id) order finds at once, and its count comes from the aggregate.
 * - `submission_stats_sources` and its monthly twin gain the dimension `language`, and the four
 *   attribution dimensions once more per language (`source:de`): the analytics narrowed to one
 *   language sum a few rows per period as the whole do. Kept by the same statement trigger (its body
 *   as `db/stats/triggers.ts` has it now); the submissions stored so far are counted in once.
 */
const ATTRIBUTION = [
  ['campaign', 'utm_campaign'],
  ['medium', 'utm_medium'],
  ['ref', 'ref_code'],
  ['source', 'utm_source'],
] as const;

const dimensions = (withLanguage: boolean) =>
  withLanguage
    ? `(VALUES ('campaign', coalesce(c.utm_campaign, '')),
          ('campaign:' || c.language, coalesce(c.utm_campaign, '')), ('language', c.language),
          ('medium', coalesce(c.utm_medium, '')), ('medium:' || c.language, coalesce(c.utm_medium, '')),
          ('ref', coalesce(c.ref_code, '')), ('ref:' || c.language, coalesce(c.ref_code, '')),
          ('source', coalesce(c.utm_source, '')), ('source:' || c.language, coalesce(c.utm_source, '')))
          d (dimension, value)`
    : `(VALUES ('campaign', coalesce(c.utm_campaign, '')),
          ('medium', coalesce(c.utm_medium, '')), ('ref', coalesce(c.ref_code, '')),
          ('source', coalesce(c.utm_source, ''))) d (dimension, value)`;

const sourcesFunction = (withLanguage: boolean) => `
    CREATE OR REPLACE FUNCTION submission_stats_sources() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      sign integer := TG_ARGV[0]::integer;
      pick smallint := floor(random() * 4);
    BEGIN
      INSERT INTO submission_stats_sources AS s (dimension, day, value, shard, submissions)
        SELECT d.dimension, (c.submitted_at AT TIME ZONE 'UTC')::date, d.value, pick, sign * count(*)
        FROM changed c CROSS JOIN LATERAL ${dimensions(withLanguage)}
        GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
        ON CONFLICT (dimension, day, value, shard) DO UPDATE SET submissions = s.submissions + excluded.submissions;
      INSERT INTO submission_stats_sources_monthly AS m (dimension, month, value, shard, submissions)
        SELECT d.dimension, date_trunc('month', c.submitted_at AT TIME ZONE 'UTC')::date, d.value, pick,
          sign * count(*)
        FROM changed c CROSS JOIN LATERAL ${dimensions(withLanguage)}
        GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
        ON CONFLICT (dimension, month, value, shard) DO UPDATE SET submissions = m.submissions + excluded.submissions;
      RETURN NULL;
    END $$`;

const TABLES = [
  ['submission_stats_sources', "(submitted_at AT TIME ZONE 'UTC')::date", 'day'],
  ['submission_stats_sources_monthly', "date_trunc('month', submitted_at AT TIME ZONE 'UTC')::date", 'month'],
] as const;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE INDEX submissions_language_submitted_at_index
    ON submissions (language, submitted_at, id) WHERE language <> 'en'`);
  // A wider varchar is a catalogue change: no row or index is rewritten.
  for (const [table] of TABLES)
    await knex.raw(`ALTER TABLE ?? ALTER COLUMN dimension TYPE varchar(44)`, [table]);
  // Locked while the function changes and the stored submissions are counted, so none is counted
  // twice or missed in between.
  await knex.raw('LOCK TABLE submissions IN SHARE MODE');
  await knex.raw(sourcesFunction(true));
  for (const [table, period, column] of TABLES) {
    await knex.raw(
      `INSERT INTO ?? (dimension, ??, value, shard, submissions)
      SELECT 'language', ${period}, language, 0, count(*) FROM submissions GROUP BY 2, 3`,
      [table, column],
    );
    for (const [dimension, source] of ATTRIBUTION) {
      await knex.raw(
        `INSERT INTO ?? (dimension, ??, value, shard, submissions)
        SELECT ? || ':' || language, ${period}, coalesce(??, ''), 0, count(*) FROM submissions GROUP BY 1, 2, 3`,
        [table, column, dimension, source],
      );
    }
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(sourcesFunction(false));
  for (const [table] of TABLES) {
    await knex(table).where('dimension', 'language').orWhere('dimension', 'like', '%:%').delete();
    await knex.raw(`ALTER TABLE ?? ALTER COLUMN dimension TYPE varchar(8)`, [table]);
  }
  await knex.raw('DROP INDEX IF EXISTS submissions_language_submitted_at_index');
}
