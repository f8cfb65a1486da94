import type { Knex } from 'knex';

/**
 * `site_settings`: what an administrator sets on the Settings screen, one row per setting,
 * grouped by section (provider, mail, privacy, assessment; later ones such as branding join the
 * same way). A setting without a row is at its default. Apart from `app_settings`, which holds the
 * secrets instances share and is never shown. `updated_by` keeps who last changed a value; the
 * audit trail keeps every change.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('site_settings', (t) => {
    t.text('section').notNullable();
    t.text('key').notNullable().primary();
    t.text('value').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.integer('updated_by').nullable().references('id').inTable('users').onDelete('SET NULL');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('site_settings');
}
