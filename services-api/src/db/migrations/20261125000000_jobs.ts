import type { Knex } from 'knex';

/**
 * The outbox of follow-up work (the results email, webhook deliveries, the analysis). A submission
 * and its jobs are written by one statement, so an accepted submission always gets them; workers in
 * any number of server instances claim due jobs with FOR UPDATE SKIP LOCKED under a lease, so each
 * runs once, and a lease left by a crashed instance expires and is claimed again. Every attempt is
 * kept with its outcome for the admin's delivery log.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('jobs', (t) => {
    t.bigIncrements('id');
    t.string('kind', 40).notNullable();
    // Deleting a submission deletes what hangs off it, its pending work included.
    t.uuid('submission_id').references('id').inTable('submissions').onDelete('CASCADE');
    t.jsonb('payload').notNullable().defaultTo('{}');
    // queued: due at run_at; running: claimed by locked_by, whose lease ends at run_at (a job whose
    // lease ran out is due again, so one index finds both); succeeded and failed are final.
    t.string('status', 16).notNullable().defaultTo('queued');
    t.integer('attempts').notNullable().defaultTo(0);
    t.integer('max_attempts').notNullable();
    t.timestamp('run_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.string('locked_by', 100);
    t.text('last_error');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('finished_at', { useTz: true });
    t.index(['submission_id', 'kind']);
  });
  // Only unfinished jobs are ever looked for by time; finished ones stay out of the index.
  await knex.raw(`CREATE INDEX jobs_due_index ON jobs (run_at) WHERE status IN ('queued', 'running')`);

  await knex.schema.createTable('job_attempts', (t) => {
    t.bigIncrements('id');
    t.bigInteger('job_id').notNullable().references('id').inTable('jobs').onDelete('CASCADE');
    t.integer('attempt').notNullable();
    t.string('worker', 100).notNullable();
    t.timestamp('started_at', { useTz: true }).notNullable();
    t.timestamp('finished_at', { useTz: true }).notNullable();
    t.integer('duration_ms').notNullable();
    // succeeded, retrying (another attempt is scheduled), failed (none is), released (shutdown).
    t.string('outcome', 16).notNullable();
    t.integer('http_status');
    t.text('error');
    t.index(['job_id', 'attempt']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('job_attempts');
  await knex.schema.dropTable('jobs');
}
