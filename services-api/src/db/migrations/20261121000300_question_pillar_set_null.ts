import type { Knex } from 'knex';

/**
 * Deleting a pillar keeps its questions: they lose their pillar (and leave the assessment) until an
 * administrator reassigns or deletes them, instead of the delete being refused or taking them along.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('questions', (t) => {
    t.dropForeign(['pillar_id']);
  });
  await knex.schema.alterTable('questions', (t) => {
    t.integer('pillar_id').nullable().alter();
    t.foreign('pillar_id').references('pillars.id').onDelete('SET NULL');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex('questions').whereNull('pillar_id').delete();
  await knex.schema.alterTable('questions', (t) => {
    t.dropForeign(['pillar_id']);
  });
  await knex.schema.alterTable('questions', (t) => {
    t.integer('pillar_id').notNullable().alter();
    t.foreign('pillar_id').references('pillars.id').onDelete('RESTRICT');
  });
}
