import type { Knex } from 'knex';

/** The questionnaire and the matrix: everything administrators author. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('pillars', (t) => {
    t.increments('id');
    t.string('name', 100).notNullable();
    t.text('description').notNullable();
    t.integer('order').notNullable().defaultTo(0);
    t.boolean('is_active').notNullable().defaultTo(true);
    t.timestamps(true, true);
  });

  await knex.schema.createTable('questions', (t) => {
    t.increments('id');
    t.text('text').notNullable();
    t.integer('pillar_id').notNullable().references('pillars.id').onDelete('RESTRICT');
    t.integer('order').notNullable().defaultTo(0);
    t.boolean('is_active').notNullable().defaultTo(true);
    t.timestamps(true, true);
    t.index(['is_active', 'order']);
  });

  await knex.schema.createTable('answers', (t) => {
    t.increments('id');
    t.integer('question_id').notNullable().references('questions.id').onDelete('CASCADE');
    t.text('text').notNullable();
    t.text('description');
    t.integer('order').notNullable().defaultTo(0);
    t.index(['question_id']);
  });

  await knex.schema.createTable('point_allocations', (t) => {
    t.increments('id');
    t.integer('answer_id').notNullable().references('answers.id').onDelete('CASCADE');
    // Deleting a pillar removes its points from every answer.
    t.integer('pillar_id').notNullable().references('pillars.id').onDelete('CASCADE');
    t.smallint('points').notNullable();
    t.unique(['answer_id', 'pillar_id']);
    t.check('?? between 0 and 3', ['points']);
  });

  await knex.schema.createTable('demographic_fields', (t) => {
    t.increments('id');
    t.string('identifier', 64).notNullable().unique();
    t.string('label', 200).notNullable();
    t.string('field_type', 16).notNullable().defaultTo('text');
    t.jsonb('options');
    t.integer('order').notNullable().defaultTo(0);
    t.boolean('is_required').notNullable().defaultTo(true);
    t.boolean('is_active').notNullable().defaultTo(true);
    t.timestamps(true, true);
  });

  await knex.schema.createTable('matrix_cells', (t) => {
    t.increments('id');
    t.integer('pillar_id').notNullable().references('pillars.id').onDelete('CASCADE');
    t.smallint('level').notNullable();
    t.string('short_description', 200).notNullable();
    t.text('detailed_content').notNullable();
    t.text('requirements');
    t.text('examples');
    t.text('metrics');
    t.text('next_steps');
    t.timestamps(true, true);
    t.unique(['pillar_id', 'level']);
    t.check('?? between 0 and 3', ['level']);
  });

  await knex.schema.createTable('email_templates', (t) => {
    t.increments('id');
    t.string('name', 200).notNullable();
    t.string('subject', 300).notNullable();
    t.text('html_body').notNullable();
    t.boolean('is_active').notNullable().defaultTo(false);
    t.timestamps(true, true);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'email_templates',
    'matrix_cells',
    'demographic_fields',
    'point_allocations',
    'answers',
    'questions',
    'pillars',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
