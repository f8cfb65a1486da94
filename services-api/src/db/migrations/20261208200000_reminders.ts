import type { Knex } from 'knex';

/**
 * Reminders to reassess (issue 39). A reminder is a job of the outbox (`reassess_reminder`, due
 * the set number of days after its submission), so it is sent once however many instances run and
 * goes with its submission when that is deleted. `reminder_opt_outs` holds the addresses that
 * unsubscribed, with when: an opt-out silences the reminders of submissions made before it, and a
 * later submission whose visitor ticks the box again asks anew. An email template is now for the
 * results email or for the reminder: one of each may be active.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('reminder_opt_outs', (t) => {
    t.text('email').primary();
    t.timestamp('unsubscribed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  // The admin's count reads only the reminders still to come.
  await knex.raw(
    `CREATE INDEX jobs_reminders_due_index ON jobs (run_at) WHERE kind = 'reassess_reminder' AND status = 'queued'`,
  );
  await knex.schema.alterTable('email_templates', (t) => {
    t.string('purpose', 16).notNullable().defaultTo('results');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('email_templates', (t) => {
    t.dropColumn('purpose');
  });
  await knex.raw('DROP INDEX IF EXISTS jobs_reminders_due_index');
  await knex.schema.dropTableIfExists('reminder_opt_outs');
}
