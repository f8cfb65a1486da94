import type { Knex } from 'knex';

/**
 * The role list gains `sales` (issue 41): someone who works the lead desk (status, owner, next
 * step, notes) without running the rest of the portal. The role's check is replaced by one naming
 * every role; the old one is found by what it checks, as its name was knex's to choose.
 */
export async function up(knex: Knex): Promise<void> {
  await dropRoleChecks(knex);
  await knex.raw(
    `ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('user', 'sales', 'admin'))`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex('users').where({ role: 'sales' }).update({ role: 'user' });
  await dropRoleChecks(knex);
  await knex.raw(`ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('user', 'admin'))`);
}

async function dropRoleChecks(knex: Knex): Promise<void> {
  const { rows } = await knex.raw<{ rows: { conname: string }[] }>(
    `SELECT conname FROM pg_constraint
      WHERE conrelid = 'users'::regclass AND contype = 'c' AND pg_get_constraintdef(oid) LIKE '%role%'`,
  );
  for (const { conname } of rows) {
    await knex.raw('ALTER TABLE users DROP CONSTRAINT ??', [conname]);
  }
}
