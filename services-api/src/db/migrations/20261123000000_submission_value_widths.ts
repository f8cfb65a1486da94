import type { Knex } from 'knex';

/**
 * The columns copied out of a submission's demographic answers take any answer the submit schema
 * accepts (500 characters). At 320 and 100 characters, a long but valid answer failed the insert.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('submissions', (t) => {
    t.string('email', 500).alter();
    t.string('employee_count', 500).alter();
    t.string('managed_companies', 500).alter();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('submissions', (t) => {
    t.string('email', 320).alter();
    t.string('employee_count', 100).alter();
    t.string('managed_companies', 100).alter();
  });
}
