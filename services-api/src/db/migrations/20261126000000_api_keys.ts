import type { Knex } from 'knex';

/**
 * API keys for integrators. Only a SHA-256 hash of each token is kept (the token is 128+ random
 * bits, so a fast hash is enough and lets a request find its key by one indexed lookup); the last
 * four characters stay in clear so the admin's table can tell keys apart. A key outlives the admin
 * who created it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('api_keys', (t) => {
    t.increments('id');
    t.string('name', 100).notNullable();
    t.string('token_hash', 64).notNullable().unique();
    t.string('token_last4', 4).notNullable();
    t.string('permission', 20).notNullable().defaultTo('read');
    t.boolean('is_active').notNullable().defaultTo(true);
    t.timestamp('last_used_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.integer('created_by').references('id').inTable('users').onDelete('SET NULL');
    t.check(`?? in ('read', 'user_manage', 'admin')`, ['permission']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('api_keys');
}
