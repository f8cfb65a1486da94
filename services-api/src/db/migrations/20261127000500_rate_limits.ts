import type { Knex } from 'knex';

/**
 * Rate-limit and sign-in lockout counters on PostgreSQL, shared by every instance. The columns and
 * their order are the ones rate-limiter-flexible's Postgres store writes (key, points, expire in
 * epoch milliseconds); the table is made here so the server never creates tables at run time.
 * Unlogged: the counters are worth less than the write-ahead log each submission would pay for
 * them, and a crash that forgets them only forgives a few minutes of counting.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE UNLOGGED TABLE rate_limits (
    key text PRIMARY KEY,
    points integer NOT NULL DEFAULT 0,
    expire bigint
  )`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('rate_limits');
}
