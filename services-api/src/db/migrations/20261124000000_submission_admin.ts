import type { Knex } from 'knex';

/**
 * What the admin's submissions screen and analytics need to stay fast at a million submissions:
 *
 * - `email_domain`: the lower-case part after the last @ of the email, written by submit, indexed
 *   with submitted_at for the domain filters and exports (a scan of the JSON would read every row).
 * - `search_text`: name, email and company in lower case, kept by PostgreSQL itself (a stored
 *   generated column), with a trigram index so a `LIKE '%term%'` search uses an index.
 * - `(submitted_at, id)`: the list's order, so a page (and a deep page, index-only) reads no more
 *   than it shows.
 * - Aggregates kept by statement triggers in the same transaction as every insert and delete:
 *   submissions per month and per email domain, and level sums per pillar. Analytics, the total
 *   count and the domain list then read a few hundred rows instead of a million. Each statement
 *   adds to one of a few shards picked at random, so concurrent submits rarely wait on one row.
 */
export const STATS_SHARDS = 4;

export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm');

  await knex.schema.alterTable('submissions', (t) => {
    t.string('email_domain', 500);
  });
  await knex.raw(`UPDATE submissions SET email_domain = lower(substring(email from '@([^@]+)$'))`);
  await knex.raw(`
    ALTER TABLE submissions ADD COLUMN search_text text GENERATED ALWAYS AS (lower(
      coalesce(demographic_data->>'first_name', '') || ' ' ||
      coalesce(demographic_data->>'last_name', '') || ' ' ||
      coalesce(demographic_data->>'email_address', '') || ' ' ||
      coalesce(demographic_data->>'company', '')
    )) STORED`);

  await knex.schema.alterTable('submissions', (t) => {
    t.dropIndex(['submitted_at']);
    t.index(['submitted_at', 'id'], 'submissions_submitted_at_id_index');
    t.index(['email_domain', 'submitted_at', 'id'], 'submissions_domain_submitted_at_index');
    t.index(['email_domain', 'email'], 'submissions_domain_email_index');
  });
  await knex.raw(
    'CREATE INDEX submissions_search_text_trgm_index ON submissions USING gin (search_text gin_trgm_ops)',
  );

  await knex.schema.createTable('submission_stats_monthly', (t) => {
    t.date('month').notNullable();
    t.smallint('shard').notNullable();
    t.bigint('submissions').notNullable();
    t.primary(['month', 'shard']);
  });
  await knex.schema.createTable('submission_stats_domains', (t) => {
    t.string('email_domain', 500).notNullable();
    t.smallint('shard').notNullable();
    t.bigint('submissions').notNullable();
    t.primary(['email_domain', 'shard']);
  });
  await knex.schema.createTable('submission_stats_pillars', (t) => {
    t.integer('pillar_id').notNullable();
    t.smallint('shard').notNullable();
    // The frozen name of the latest scores added, for a pillar deleted since.
    t.string('pillar_name', 100).notNullable();
    t.bigint('level_sum').notNullable();
    t.bigint('scores').notNullable();
    t.primary(['pillar_id', 'shard']);
  });

  // TG_ARGV[0] is +1 for inserts and -1 for deletes; both triggers call the changed rows `changed`.
  await knex.raw(`
    CREATE FUNCTION submission_stats_count() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      sign integer := TG_ARGV[0]::integer;
      pick smallint := floor(random() * ${STATS_SHARDS});
    BEGIN
      INSERT INTO submission_stats_monthly AS m (month, shard, submissions)
        SELECT date_trunc('month', submitted_at AT TIME ZONE 'UTC')::date, pick, sign * count(*)
        FROM changed GROUP BY 1
        ON CONFLICT (month, shard) DO UPDATE SET submissions = m.submissions + excluded.submissions;
      INSERT INTO submission_stats_domains AS d (email_domain, shard, submissions)
        SELECT email_domain, pick, sign * count(*)
        FROM changed WHERE email_domain IS NOT NULL GROUP BY 1
        ON CONFLICT (email_domain, shard) DO UPDATE SET submissions = d.submissions + excluded.submissions;
      RETURN NULL;
    END $$`);
  await knex.raw(`
    CREATE FUNCTION submission_stats_pillars() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      sign integer := TG_ARGV[0]::integer;
      pick smallint := floor(random() * ${STATS_SHARDS});
    BEGIN
      INSERT INTO submission_stats_pillars AS p (pillar_id, shard, pillar_name, level_sum, scores)
        SELECT pillar_id, pick, max(pillar_name), sign * sum(level), sign * count(*)
        FROM changed GROUP BY 1
        ON CONFLICT (pillar_id, shard) DO UPDATE SET
          level_sum = p.level_sum + excluded.level_sum,
          scores = p.scores + excluded.scores,
          pillar_name = CASE WHEN sign > 0 THEN excluded.pillar_name ELSE p.pillar_name END;
      RETURN NULL;
    END $$`);
  for (const [table, fn] of [
    ['submissions', 'submission_stats_count'],
    ['submission_pillar_scores', 'submission_stats_pillars'],
  ] as const) {
    await knex.raw(`
      CREATE TRIGGER ${table}_stats_insert AFTER INSERT ON ${table}
      REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION ${fn}('1')`);
    await knex.raw(`
      CREATE TRIGGER ${table}_stats_delete AFTER DELETE ON ${table}
      REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION ${fn}('-1')`);
  }

  // The submissions stored so far, counted once.
  await knex.raw(`
    INSERT INTO submission_stats_monthly (month, shard, submissions)
    SELECT date_trunc('month', submitted_at AT TIME ZONE 'UTC')::date, 0, count(*) FROM submissions GROUP BY 1`);
  await knex.raw(`
    INSERT INTO submission_stats_domains (email_domain, shard, submissions)
    SELECT email_domain, 0, count(*) FROM submissions WHERE email_domain IS NOT NULL GROUP BY 1`);
  await knex.raw(`
    INSERT INTO submission_stats_pillars (pillar_id, shard, pillar_name, level_sum, scores)
    SELECT pillar_id, 0, max(pillar_name), sum(level), count(*) FROM submission_pillar_scores GROUP BY 1`);
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['submissions', 'submission_pillar_scores']) {
    await knex.raw(`DROP TRIGGER IF EXISTS ${table}_stats_insert ON ${table}`);
    await knex.raw(`DROP TRIGGER IF EXISTS ${table}_stats_delete ON ${table}`);
  }
  await knex.raw('DROP FUNCTION IF EXISTS submission_stats_count()');
  await knex.raw('DROP FUNCTION IF EXISTS submission_stats_pillars()');
  await knex.schema.dropTableIfExists('submission_stats_pillars');
  await knex.schema.dropTableIfExists('submission_stats_domains');
  await knex.schema.dropTableIfExists('submission_stats_monthly');
  await knex.raw('DROP INDEX IF EXISTS submissions_search_text_trgm_index');
  await knex.schema.alterTable('submissions', (t) => {
    t.dropIndex([], 'submissions_domain_email_index');
    t.dropIndex([], 'submissions_domain_submitted_at_index');
    t.dropIndex([], 'submissions_submitted_at_id_index');
    t.index(['submitted_at']);
    t.dropColumn('search_text');
    t.dropColumn('email_domain');
  });
}
