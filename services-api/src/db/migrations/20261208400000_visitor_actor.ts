import type { Knex } from 'knex';

/**
 * A verified visitor may erase their own data from "Your assessments": the audit trail records it
 * as the person's own act (actor kind `visitor`, named without the address), as it records the
 * admin's erasure.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE audit_events DROP CONSTRAINT IF EXISTS audit_events_actor_kind_check');
  await knex.raw(
    "ALTER TABLE audit_events ADD CONSTRAINT audit_events_actor_kind_check CHECK (actor_kind IN ('user', 'api_key', 'anonymous', 'operator', 'visitor'))",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE audit_events DROP CONSTRAINT IF EXISTS audit_events_actor_kind_check');
  await knex.raw(
    "ALTER TABLE audit_events ADD CONSTRAINT audit_events_actor_kind_check CHECK (actor_kind IN ('user', 'api_key', 'anonymous', 'operator'))",
  );
}
