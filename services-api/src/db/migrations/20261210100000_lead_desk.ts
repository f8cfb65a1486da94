import type { Knex } from 'knex';

/** The statuses a new install starts with, in order; the first is the default for new submissions. */
export const FIRST_LEAD_STATUSES = ['New', 'Contacted', 'Qualified', 'Customer', 'Not a fit'] as const;

/**
 * The lead desk (issue 41): each submission is a lead the team works.
 * - `lead_statuses`: the admin-editable list of statuses, in order, one of them the default that
 *   every new submission gets. Names are unique in any case.
 * - `submissions.lead_status_id`, `lead_owner_id` (an administrator; unset when the user is
 *   removed), `next_step_on` (a calendar day) and `note_count` (kept with the notes, so the list
 *   and the exports read a column, not a count per row).
 *   The status column is added with the default status as its value for every existing row, which
 *   PostgreSQL records once in the catalogue instead of rewriting a million rows; its default is
 *   then dropped, and a trigger gives each new row the status that is the default at the time.
 * - `submission_notes`: the timeline of a lead, plain text, with who wrote it and when.
 * The list's filters and its next-step order read `submissions_lead_index` (status, owner, next
 * step, then the list's own order); an owner (or nobody) and the next-step order alone have their own.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('lead_statuses', (t) => {
    t.increments('id');
    t.string('name', 60).notNullable();
    t.integer('position').notNullable();
    t.boolean('is_default').notNullable().defaultTo(false);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('CREATE UNIQUE INDEX lead_statuses_name_unique ON lead_statuses (lower(name))');
  await knex.raw(
    'CREATE UNIQUE INDEX lead_statuses_one_default ON lead_statuses (is_default) WHERE is_default',
  );
  const inserted = await knex('lead_statuses')
    .insert(FIRST_LEAD_STATUSES.map((name, position) => ({ name, position, is_default: position === 0 })))
    .returning<{ id: number; is_default: boolean }[]>(['id', 'is_default']);
  const defaultId = inserted.find((row) => row.is_default)!.id;

  await knex.raw(
    `ALTER TABLE submissions
       ADD COLUMN lead_status_id integer NOT NULL DEFAULT ${Number(defaultId)} REFERENCES lead_statuses (id),
       ADD COLUMN lead_owner_id integer REFERENCES users (id) ON DELETE SET NULL,
       ADD COLUMN next_step_on date,
       ADD COLUMN note_count integer NOT NULL DEFAULT 0`,
  );
  await knex.raw('ALTER TABLE submissions ALTER COLUMN lead_status_id DROP DEFAULT');
  await knex.raw(`
    CREATE OR REPLACE FUNCTION submissions_lead_status_default() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.lead_status_id IS NULL THEN
        SELECT id INTO NEW.lead_status_id FROM lead_statuses WHERE is_default;
      END IF;
      RETURN NEW;
    END $$`);
  await knex.raw(`CREATE TRIGGER submissions_lead_status_default BEFORE INSERT ON submissions
    FOR EACH ROW EXECUTE FUNCTION submissions_lead_status_default()`);

  await knex.raw(
    `CREATE INDEX submissions_lead_index
       ON submissions (lead_status_id, lead_owner_id, next_step_on, submitted_at, id)`,
  );
  // Whole, not partial: the leads nobody owns (owner IS NULL) and those without a next step (last in
  // the next-step order) are read from them too; partial, each was a sort of every row (160 ms at
  // a million).
  await knex.raw(
    'CREATE INDEX submissions_lead_owner_index ON submissions (lead_owner_id, next_step_on, submitted_at, id)',
  );
  await knex.raw('CREATE INDEX submissions_next_step_index ON submissions (next_step_on, submitted_at, id)');

  await knex.schema.createTable('submission_notes', (t) => {
    t.bigIncrements('id');
    t.uuid('submission_id').notNullable().references('id').inTable('submissions').onDelete('CASCADE');
    // Who wrote it: an administrator, or an API key; the name is kept as it was when written.
    t.string('author_kind', 16).notNullable();
    t.integer('author_id');
    t.string('author_name', 320).notNullable();
    t.text('body').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('edited_at', { useTz: true });
    t.index(['submission_id', 'created_at', 'id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('submission_notes');
  await knex.raw('DROP TRIGGER IF EXISTS submissions_lead_status_default ON submissions');
  await knex.raw('DROP FUNCTION IF EXISTS submissions_lead_status_default()');
  await knex.raw(
    'ALTER TABLE submissions DROP COLUMN lead_status_id, DROP COLUMN lead_owner_id, DROP COLUMN next_step_on, DROP COLUMN note_count',
  );
  await knex.schema.dropTable('lead_statuses');
}
