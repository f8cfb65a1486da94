import type { Knex } from 'knex';

/**
 * "Continue later" (issue 39): a visitor's unfinished assessment, saved under their address so an
 * emailed link resumes it on any device.
 * - One draft per address (lower case): saving again replaces it. The unique index on
 *   lower(email) is also what the submit's delete and the personal-data requests find it by.
 * - `demographic_data` and `answers` as the visitor left them; `answered_count` and
 *   `question_count` say how far they got without reading the answers.
 * - `token_hash`: the SHA-256 of the link's token, set when the email is sent; never the token.
 * - `updated_at`: the last save; a draft not saved for DRAFT_RETENTION_DAYS is deleted by the
 *   daily retention run, which finds it by this index.
 * The address's personal data: the personal-data export and erasure include it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('assessment_drafts', (t) => {
    t.bigIncrements('id');
    t.string('email', 320).notNullable();
    t.jsonb('demographic_data').notNullable();
    t.jsonb('answers').notNullable();
    t.integer('consent_statement_id').references('id').inTable('consent_statements').onDelete('SET NULL');
    t.string('language', 35).notNullable();
    t.integer('answered_count').notNullable();
    t.integer('question_count').notNullable();
    t.string('token_hash', 64).unique();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['updated_at']);
  });
  await knex.raw(
    'CREATE UNIQUE INDEX assessment_drafts_lower_email_unique ON assessment_drafts (lower(email))',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('assessment_drafts');
}
