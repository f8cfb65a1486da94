import type { Knex } from 'knex';

/**
 * A person's submissions in time order, by address: what "2nd assessment by this person" (the
 * previous submission of a detail, the webhook and /api/v1) and the list's first-time and returning
 * filter read. Lower-cased as every reader compares (rows from before addresses were stored lower
 * case keep theirs); the rows without an address are no one's and stay out.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    'CREATE INDEX submissions_person_index ON submissions (lower(email), submitted_at, id) WHERE email IS NOT NULL',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS submissions_person_index');
}
