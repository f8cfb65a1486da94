import type { Knex } from 'knex';

/**
 * The optional consent statement on the demographic step, and what each visitor agreed to.
 *
 * - `consent_statements`: every statement ever published, the current one with `retired_at` null
 *   (at most one, held by a partial unique index). A change retires the old row rather than
 *   editing it, so a visitor who loaded a statement just before the administrator changed it can
 *   still submit with the text they actually saw, named by its id, and no visitor can submit a text
 *   the administrator never wrote. A table of its own rather than `app_settings`, which holds the
 *   secrets instances share and no content.
 * - `submissions.consent_text` and `consented_at`: the statement's text as the visitor agreed to
 *   it (a copy, like the frozen answers, so later edits never change it) and when; null when the
 *   assessment asked for no consent.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('consent_statements', (t) => {
    t.increments('id').primary();
    t.text('text').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('retired_at', { useTz: true }).nullable();
  });
  await knex.raw(
    'CREATE UNIQUE INDEX consent_statements_one_current ON consent_statements ((true)) WHERE retired_at IS NULL',
  );
  await knex.schema.alterTable('submissions', (t) => {
    t.text('consent_text').nullable();
    t.timestamp('consented_at', { useTz: true }).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('submissions', (t) => {
    t.dropColumns('consent_text', 'consented_at');
  });
  await knex.schema.dropTableIfExists('consent_statements');
}
