import type { Knex } from 'knex';

/**
 * The admin's integrations screen lists the most recent failed attempts. Only failures are
 * indexed, newest first, so the list reads a few index entries however many jobs have succeeded.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    `CREATE INDEX job_attempts_failures_index ON job_attempts (finished_at DESC)
     WHERE outcome IN ('retrying', 'failed')`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX job_attempts_failures_index');
}
