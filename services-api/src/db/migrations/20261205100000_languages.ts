import type { Knex } from 'knex';

/**
 * The assessment in several languages.
 *
 * - `languages`: the languages an administrator offers, one of them the default. The content
 *   tables keep holding the default language's texts (the source every translation is made from);
 *   this release starts with English, the language the content was written in.
 * - `translations`: one text of one language, by unit id (`shared/src/i18n/units.ts`): content
 *   named by stable keys, and the product's own strings (`ui.…`) that override or add to the
 *   catalogues the product ships. `source_digest` is a digest of the source text the translation
 *   was made from, so a source edited since shows as changed. A language's texts go with it.
 * - `submissions.language`: the language a submission was taken in. Scores and keys do not depend
 *   on it; the results email and the analysis follow it, and the admin filters by it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('languages', (table) => {
    table.string('tag', 35).primary();
    table.boolean('is_default').notNullable().defaultTo(false);
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('CREATE UNIQUE INDEX languages_one_default ON languages (is_default) WHERE is_default');
  await knex('languages').insert({ tag: 'en', is_default: true });

  await knex.schema.createTable('translations', (table) => {
    table.string('language', 35).notNullable().references('tag').inTable('languages').onDelete('CASCADE');
    table.string('unit', 200).notNullable();
    table.text('text').notNullable();
    table.string('source_digest', 64).nullable();
    table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.primary(['language', 'unit']);
  });

  // A constant default: PostgreSQL stores it once instead of rewriting every row.
  await knex.raw(`ALTER TABLE submissions ADD COLUMN language varchar(35) NOT NULL DEFAULT 'en'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE submissions DROP COLUMN language');
  await knex.schema.dropTable('translations');
  await knex.schema.dropTable('languages');
}
