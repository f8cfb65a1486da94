import type { Knex } from 'knex';

/**
 * HubSpot (issue 41): leads upserted as contacts of one HubSpot account.
 * - `hubspot_connection`: at most one row, the connected account. The private app's access token
 *   is kept sealed (AES-256-GCM under a key derived from the session cookie's secret), so a copy of
 *   the database alone does not give the token away; only its last four characters are kept in
 *   the clear, to show which one is stored. Beside it: the account's id when the token could read
 *   it, the mapping of the product's fields to contact properties, the sync switch, how the last
 *   sync went (in HubSpot's words), and the progress of a sync of every submission an admin
 *   started, with where it goes on from: the last submission it sent in (submitted_at, id) order.
 * - `jobs_hubspot_pending_index`: the queued syncs of single submissions, which one job gathers
 *   into one batch request; only those rows, so finding them never walks the rest of the queue.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('hubspot_connection', (t) => {
    t.smallint('id').primary().defaultTo(1);
    t.text('access_token_sealed').notNullable();
    t.string('token_last_four', 4).notNullable();
    t.bigInteger('portal_id');
    t.jsonb('field_mapping').notNullable().defaultTo('{}');
    t.boolean('sync_enabled').notNullable().defaultTo(false);
    t.timestamp('connected_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.integer('connected_by').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('last_sync_at', { useTz: true });
    // succeeded, partial (HubSpot refused some of the contacts) or failed.
    t.string('last_sync_outcome', 16);
    t.integer('last_sync_contacts');
    t.text('last_sync_error');
    t.timestamp('backfill_started_at', { useTz: true });
    t.timestamp('backfill_finished_at', { useTz: true });
    t.integer('backfill_total');
    t.integer('backfill_done');
    t.integer('backfill_skipped');
    t.text('backfill_error');
    t.timestamp('backfill_after_at', { useTz: true });
    t.uuid('backfill_after_id');
    // The job running it now: one backfill at a time, and a job given up ends it.
    t.bigInteger('backfill_job_id').references('id').inTable('jobs').onDelete('SET NULL');
  });
  await knex.raw('ALTER TABLE hubspot_connection ADD CONSTRAINT hubspot_connection_one_row CHECK (id = 1)');
  await knex.raw(
    `CREATE INDEX jobs_hubspot_pending_index ON jobs (run_at, id)
       WHERE kind = 'hubspot_sync' AND status = 'queued' AND submission_id IS NOT NULL`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS jobs_hubspot_pending_index');
  await knex.schema.dropTable('hubspot_connection');
}
