import type { Knex } from 'knex';

/**
 * `branding_logo`: the provider's logo, one row at most (the `id` is always 1). Stored as PNG
 * pixels whatever was uploaded: an SVG is rasterised on upload, so nothing scripted or external in
 * it survives. `digest` (hex SHA-256 of the PNG) versions the public URL and is its ETag;
 * `uploaded_type` keeps what the administrator sent (image/png or image/svg+xml) for the audit
 * trail and the screen. The accent colour is a setting (`site_settings`, section branding).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('branding_logo', (t) => {
    t.smallint('id').primary().defaultTo(1);
    t.binary('png').notNullable();
    t.integer('width').notNullable();
    t.integer('height').notNullable();
    t.text('digest').notNullable();
    t.text('uploaded_type').notNullable();
    t.timestamp('uploaded_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.integer('uploaded_by').nullable().references('id').inTable('users').onDelete('SET NULL');
  });
  await knex.raw('ALTER TABLE branding_logo ADD CONSTRAINT branding_logo_one_row CHECK (id = 1)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('branding_logo');
}
