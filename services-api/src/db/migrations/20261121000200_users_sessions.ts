import type { Knex } from 'knex';

/** Administrators and visitors who sign in, their server-side sessions, and instance settings. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (t) => {
    t.increments('id');
    // Stored lower-case; one account per address.
    t.string('email', 320).notNullable().unique();
    t.string('first_name', 100);
    t.string('last_name', 100);
    t.string('role', 16).notNullable().defaultTo('user');
    t.string('status', 16).notNullable().defaultTo('pending');
    t.text('profile_image_url');
    t.boolean('is_founder').notNullable().defaultTo(false);
    // argon2id; null for accounts that only sign in through single sign-on.
    t.text('password_hash');
    t.string('oidc_issuer', 500);
    t.string('oidc_subject', 255);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('approved_at', { useTz: true });
    t.unique(['oidc_issuer', 'oidc_subject']);
    t.check("?? in ('user', 'admin')", ['role']);
    t.check("?? in ('pending', 'approved', 'denied')", ['status']);
  });

  await knex.schema.createTable('sessions', (t) => {
    // SHA-256 of the session id in the cookie: a copy of this table cannot be replayed.
    t.string('id_hash', 64).primary();
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_seen_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.string('ip_address', 64);
    t.string('user_agent', 300);
    t.index(['user_id']);
    t.index(['expires_at']);
  });

  // Values an instance generates once and every instance on the database shares (cookie secret).
  await knex.schema.createTable('app_settings', (t) => {
    t.string('key', 100).primary();
    t.text('value').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  // One-time links that let the first person create the founder account while no admin exists.
  await knex.schema.createTable('setup_tokens', (t) => {
    t.string('token_hash', 64).primary();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['setup_tokens', 'app_settings', 'sessions', 'users'])
    await knex.schema.dropTableIfExists(table);
}
