import type { Knex } from 'knex';

/**
 * The audit trail: one row per admin or API-key action that changed or exported data. No foreign
 * keys, so a record outlives the user, key or submission it names. The product never edits or
 * deletes one, and the database holds it to that: a trigger refuses UPDATE, DELETE and TRUNCATE
 * for every role but a superuser's deliberate `ALTER TABLE ... DISABLE TRIGGER`.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE audit_events (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    at timestamptz NOT NULL DEFAULT now(),
    actor_kind text NOT NULL CHECK (actor_kind IN ('user', 'api_key', 'anonymous', 'operator')),
    actor_id integer,
    actor_name varchar(320) NOT NULL,
    client_address varchar(64),
    action varchar(64) NOT NULL,
    target_type varchar(32) NOT NULL,
    target_id varchar(100),
    summary jsonb NOT NULL DEFAULT '{}'::jsonb
  )`);
  // The screen lists newest first, filtered by one of these at a time.
  await knex.raw('CREATE INDEX audit_events_at ON audit_events (at DESC, id DESC)');
  await knex.raw('CREATE INDEX audit_events_action ON audit_events (action, at DESC)');
  await knex.raw('CREATE INDEX audit_events_target ON audit_events (target_type, target_id, at DESC)');
  await knex.raw('CREATE INDEX audit_events_actor ON audit_events (lower(actor_name), at DESC)');
  await knex.raw(`CREATE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'audit records cannot be changed or deleted' USING ERRCODE = 'insufficient_privilege';
    END
  $$`);
  await knex.raw(`CREATE TRIGGER audit_events_no_change BEFORE UPDATE OR DELETE ON audit_events
    FOR EACH ROW EXECUTE FUNCTION audit_events_append_only()`);
  await knex.raw(`CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events
    FOR EACH STATEMENT EXECUTE FUNCTION audit_events_append_only()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('audit_events');
  await knex.raw('DROP FUNCTION IF EXISTS audit_events_append_only()');
}
