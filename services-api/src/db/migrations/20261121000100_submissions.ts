import type { Knex } from 'knex';

/**
 * Submissions freeze what they were scored against: pillar names, question and answer texts and
 * point allocations are copied, so editing or deleting content never changes old results.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('submissions', (t) => {
    t.uuid('id').primary();
    t.timestamp('submitted_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.string('ip_address', 64);
    t.jsonb('demographic_data').notNullable();
    // Copied out of demographic_data so comparison and export can use indexes.
    t.string('email', 320);
    t.string('employee_count', 100);
    t.string('managed_companies', 100);
    // Level of the cumulative average (admin view) and rounded mean of pillar levels (results banner).
    t.smallint('overall_level').notNullable();
    t.smallint('banner_level').notNullable();
    t.double('cumulative_average').notNullable();
    t.jsonb('ai_analysis');
    // The frozen answers: question and answer texts, allocations and maxima as scored. Read only
    // whole, with their submission, so one column rather than a row each keeps a submit to one
    // statement that writes 7 rows instead of 37.
    t.jsonb('answers').notNullable();
    t.index(['submitted_at']);
    t.index(['employee_count', 'managed_companies']);
    t.index(['managed_companies']);
    t.index(['email']);
  });

  await knex.schema.createTable('submission_pillar_scores', (t) => {
    t.uuid('submission_id').notNullable().references('submissions.id').onDelete('CASCADE');
    // No foreign key: the pillar may be deleted later, the score stays.
    t.integer('pillar_id').notNullable();
    t.string('pillar_name', 100).notNullable();
    t.integer('pillar_order').notNullable();
    t.integer('points').notNullable();
    t.integer('max_points').notNullable();
    t.double('percentage').notNullable();
    t.double('normalized_score').notNullable();
    t.smallint('level').notNullable();
    t.primary(['submission_id', 'pillar_id']);
    t.index(['pillar_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('submission_pillar_scores');
  await knex.schema.dropTableIfExists('submissions');
}
