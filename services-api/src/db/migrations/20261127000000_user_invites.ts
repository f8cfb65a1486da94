import type { Knex } from 'knex';

/**
 * One-time links that let a user set a password: an invite for a user an admin added, or a reset
 * an admin started. Only a SHA-256 hash of each token is kept (the token is 256 random bits, so a
 * fast hash is enough and the page finds its row by one indexed lookup). A user has at most one
 * live link: issuing another revokes the earlier ones. Deleting the user deletes their links.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('user_invites', (t) => {
    t.increments('id');
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('token_hash', 64).notNullable().unique();
    // invite: the user has no password yet; reset: an admin asked for a new one.
    t.string('purpose', 10).notNullable();
    t.integer('created_by').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true });
    t.timestamp('revoked_at', { useTz: true });
    t.index(['user_id']);
    t.check(`?? in ('invite', 'reset')`, ['purpose']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('user_invites');
}
