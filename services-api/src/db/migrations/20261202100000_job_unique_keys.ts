import type { Knex } from 'knex';

/**
 * A job may carry a key no other job has: a recurring job (the daily retention run) is queued
 * under its day's key by every instance that starts and by the run before it, and the database
 * keeps the one that came first, so several instances on one database run it once a day.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('jobs', (t) => {
    t.string('unique_key', 100).unique({ indexName: 'jobs_unique_key' });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('jobs', (t) => {
    t.dropUnique(['unique_key'], 'jobs_unique_key');
    t.dropColumn('unique_key');
  });
}
