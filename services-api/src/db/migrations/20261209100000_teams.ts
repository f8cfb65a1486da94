import type { Knex } from 'knex';

/**
 * Teams (issue 40): an organisation is a company email domain, and its people assess it together.
 * - `personal_email_domains`: free-mail and disposable domains, which never form an organisation.
 *   Filled from maintained lists in the registry after every migration (`personal-domains.ts`),
 *   `personal_email_domains_source` saying which lists it holds, so a new list version refills it.
 * - `verified_visitors`: every address that proved it is its owner's, by a sign-in link or a team
 *   invite, with its domain: the operator's view marks verified members, and only they see a team.
 * - `team_invites`: a verified member's invitation to a colleague on the same domain. Only the
 *   SHA-256 of the link's token is kept. One live invite per colleague and domain.
 * - `team_members`: a person's choices within their organisation: whether colleagues may see their
 *   name and levels (off until they say so), and when they left the team view. A member's role is
 *   their answer to the "role" demographic field (admin-editable, translated), which an invite's
 *   role prefills.
 * - `submissions.team_invite_id`: the invite a submission was made from (the webhook says so).
 * - `organisations`: each company domain's members, submissions, and team level (the mean of each
 *   member's latest overall level and score) with the one before the latest change: the operator's
 *   list reads and sorts it at any size. Kept by the database from the submissions triggers below,
 *   under a lock per domain so concurrent submits on one domain count each other.
 */
export const RECOUNT_ORGANISATION = `
  CREATE OR REPLACE FUNCTION organisation_recount(d text) RETURNS void LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM pg_advisory_xact_lock(hashtext('organisation:' || d));
    -- A new statement, so a new snapshot: it sees what a submit that held the lock committed.
    WITH latest AS (
      SELECT DISTINCT ON (lower(email)) overall_level, cumulative_average
      FROM submissions WHERE email_domain = d AND email IS NOT NULL
      ORDER BY lower(email), submitted_at DESC, id DESC),
    totals AS (
      SELECT count(*) AS submissions, min(submitted_at) AS first_at, max(submitted_at) AS last_at
      FROM submissions WHERE email_domain = d)
    INSERT INTO organisations AS o (domain, members, submissions, first_submitted_at, last_submitted_at,
        team_level, team_average, previous_team_average, updated_at)
      SELECT d, (SELECT count(*) FROM latest), t.submissions, t.first_at, t.last_at,
        (SELECT round(avg(overall_level)::numeric, 1) FROM latest),
        (SELECT round(avg(cumulative_average)::numeric, 1) FROM latest), NULL, now()
      FROM totals t WHERE t.submissions > 0
      ON CONFLICT (domain) DO UPDATE SET
        members = excluded.members,
        submissions = excluded.submissions,
        first_submitted_at = excluded.first_submitted_at,
        last_submitted_at = excluded.last_submitted_at,
        team_level = excluded.team_level,
        team_average = excluded.team_average,
        previous_team_average = CASE WHEN o.team_average IS DISTINCT FROM excluded.team_average
          THEN o.team_average ELSE o.previous_team_average END,
        updated_at = now();
    DELETE FROM organisations o WHERE o.domain = d
      AND NOT EXISTS (SELECT 1 FROM submissions s WHERE s.email_domain = d);
  END $$`;

/** Whether a domain, or one it is a subdomain of, is a listed personal domain. */
const IS_PERSONAL = `
  CREATE OR REPLACE FUNCTION is_personal_email_domain(d text) RETURNS boolean LANGUAGE sql STABLE AS $$
    SELECT EXISTS (SELECT 1 FROM personal_email_domains p WHERE p.domain IN (
      SELECT array_to_string(labels[i:], '.')
      FROM (SELECT string_to_array(d, '.') AS labels) l,
        generate_series(1, coalesce(array_length(labels, 1), 0)) i))
  $$`;

const REFRESH_ORGANISATIONS = `
  CREATE OR REPLACE FUNCTION organisation_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE d text;
  BEGIN
    -- Domain order: two statements lock their domains in one order, so they never deadlock.
    FOR d IN SELECT DISTINCT c.email_domain FROM changed c
        WHERE c.email_domain IS NOT NULL
          AND NOT is_personal_email_domain(c.email_domain)
        ORDER BY 1
    LOOP
      PERFORM organisation_recount(d);
    END LOOP;
    RETURN NULL;
  END $$`;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('personal_email_domains', (t) => {
    t.string('domain', 255).primary();
  });
  await knex.schema.createTable('personal_email_domains_source', (t) => {
    t.smallint('id').primary().defaultTo(1);
    t.string('lists', 200).notNullable();
    t.integer('domains').notNullable();
    t.timestamp('loaded_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  // Domains still to be counted after the lists changed: kept until counted, so a restart finishes.
  await knex.schema.createTable('organisation_recounts', (t) => {
    t.string('domain', 255).primary();
  });
  await knex.schema.createTable('verified_visitors', (t) => {
    t.string('email', 320).primary();
    t.string('domain', 255).notNullable();
    t.timestamp('verified_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['domain']);
  });
  // Every address that ever signed in has been verified.
  await knex.raw(`
    INSERT INTO verified_visitors (email, domain, verified_at)
    SELECT lower(email), lower(substring(email from '@([^@]+)$')), min(created_at)
    FROM visitor_sessions GROUP BY 1, 2 ON CONFLICT DO NOTHING`);
  await knex.schema.createTable('team_invites', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.string('domain', 255).notNullable();
    t.string('email', 320).notNullable();
    t.string('role', 500);
    t.string('invited_by', 320).notNullable();
    t.string('token_hash', 64).notNullable().unique();
    t.string('language', 35).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('sent_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.integer('send_count').notNullable().defaultTo(1);
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('revoked_at', { useTz: true });
    t.timestamp('accepted_at', { useTz: true });
    t.index(['domain', 'created_at']);
    t.index(['email']);
    t.index(['invited_by']);
  });
  await knex.raw(`CREATE UNIQUE INDEX team_invites_live_index ON team_invites (domain, email)
    WHERE revoked_at IS NULL AND accepted_at IS NULL`);
  await knex.schema.createTable('team_members', (t) => {
    t.string('email', 320).primary();
    t.string('domain', 255).notNullable();
    t.boolean('shares').notNullable().defaultTo(false);
    t.timestamp('left_at', { useTz: true });
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['domain']);
  });
  await knex.schema.alterTable('submissions', (t) => {
    t.uuid('team_invite_id').references('team_invites.id').onDelete('SET NULL');
  });
  await knex.raw(
    'CREATE INDEX submissions_team_invite_index ON submissions (team_invite_id) WHERE team_invite_id IS NOT NULL',
  );
  await knex.schema.createTable('organisations', (t) => {
    t.string('domain', 255).primary();
    t.integer('members').notNullable();
    t.integer('submissions').notNullable();
    t.timestamp('first_submitted_at', { useTz: true }).notNullable();
    t.timestamp('last_submitted_at', { useTz: true }).notNullable();
    t.decimal('team_level', 3, 1);
    t.decimal('team_average', 5, 1);
    t.decimal('previous_team_average', 5, 1);
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  // The list's sort orders, each with the domain as its tie-break, so any page reads from an index.
  for (const column of ['last_submitted_at', 'members', 'submissions', 'team_level']) {
    await knex.raw(`CREATE INDEX organisations_${column}_index ON organisations (${column}, domain)`);
  }
  await knex.raw(IS_PERSONAL);
  await knex.raw(RECOUNT_ORGANISATION);
  await knex.raw(REFRESH_ORGANISATIONS);
  // Named to run after the statistics triggers: a submit takes its statistics rows, then the lock.
  await knex.raw(`CREATE TRIGGER submissions_team_insert AFTER INSERT ON submissions
    REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION organisation_refresh()`);
  await knex.raw(`CREATE TRIGGER submissions_team_delete AFTER DELETE ON submissions
    REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION organisation_refresh()`);
  // The organisations are counted once the personal domains are known (personal-domains.ts).
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER IF EXISTS submissions_team_delete ON submissions');
  await knex.raw('DROP TRIGGER IF EXISTS submissions_team_insert ON submissions');
  await knex.raw('DROP FUNCTION IF EXISTS organisation_refresh()');
  await knex.raw('DROP FUNCTION IF EXISTS organisation_recount(text)');
  await knex.raw('DROP FUNCTION IF EXISTS is_personal_email_domain(text)');
  await knex.schema.dropTableIfExists('organisations');
  await knex.schema.alterTable('submissions', (t) => t.dropColumn('team_invite_id'));
  await knex.schema.dropTableIfExists('team_members');
  await knex.schema.dropTableIfExists('team_invites');
  await knex.schema.dropTableIfExists('verified_visitors');
  await knex.schema.dropTableIfExists('organisation_recounts');
  await knex.schema.dropTableIfExists('personal_email_domains_source');
  await knex.schema.dropTableIfExists('personal_email_domains');
}
