import type { Knex } from 'knex';

/**
 * Telling the team about leads (issue 41):
 * - `admin_notifications`: each administrator's own choice (none until they make one): every new
 *   submission, the ones matching their filter, or a daily digest at an hour of their time zone;
 *   and whether they are emailed when a lead is given to them and on the morning one of their
 *   leads' next steps falls due. `digest_sent_until` is where the next digest starts, so each
 *   submission is in exactly one digest whatever the instances or restarts.
 * - `chat_webhook`: at most one row, the team's chat channel (a Slack or Microsoft Teams incoming
 *   webhook). Its URL is the channel's secret: kept sealed like the HubSpot token, with only its
 *   host and last four characters in the clear.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('admin_notifications', (t) => {
    t.integer('user_id').primary().references('id').inTable('users').onDelete('CASCADE');
    t.string('mode', 16).notNullable().defaultTo('none');
    t.jsonb('filter').notNullable().defaultTo('{}');
    t.smallint('digest_hour').notNullable().defaultTo(8);
    t.string('time_zone', 64).notNullable().defaultTo('UTC');
    t.boolean('assigned_email').notNullable().defaultTo(true);
    t.boolean('due_email').notNullable().defaultTo(true);
    t.timestamp('digest_sent_until', { useTz: true });
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.createTable('chat_webhook', (t) => {
    t.smallint('id').primary().defaultTo(1);
    t.string('kind', 16).notNullable();
    t.text('url_sealed').notNullable();
    t.string('hint', 300).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('ALTER TABLE chat_webhook ADD CONSTRAINT chat_webhook_one_row CHECK (id = 1)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('chat_webhook');
  await knex.schema.dropTable('admin_notifications');
}
