import type { Knex } from 'knex';

/**
 * Verified visitors, who sign in without a password (issue 39):
 * - `visitor_sign_in_links`: the single-use links emailed to an address that has taken the
 *   assessment. Only the SHA-256 of the token is kept, so a copy of the table opens nothing;
 *   `used_at` is set by the one statement that spends it.
 * - `visitor_sessions`: a signed-in visitor's session, behind its own cookie (never the admin's),
 *   keyed by the hash of the cookie's random id, and named by the verified address alone: the
 *   address is what the visitor's history is read by.
 * Both are personal data of the address: the personal-data export and erasure include them.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('visitor_sign_in_links', (t) => {
    t.string('token_hash', 64).primary();
    t.string('email', 320).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true });
    t.index(['email']);
    t.index(['expires_at']);
  });
  await knex.schema.createTable('visitor_sessions', (t) => {
    t.string('id_hash', 64).primary();
    t.string('email', 320).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_seen_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['email']);
    t.index(['last_seen_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('visitor_sessions');
  await knex.schema.dropTableIfExists('visitor_sign_in_links');
}
