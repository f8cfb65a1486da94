import type { Knex } from 'knex';

/** A submission of the same person (address, lower-cased as every reader compares) made before `s`. */
const EARLIER_OF = (s: string) => `EXISTS (SELECT 1 FROM submissions p
  WHERE p.email IS NOT NULL AND lower(p.email) = lower(${s}.email)
    AND (p.submitted_at, p.id) < (${s}.submitted_at, ${s}.id))`;

/**
 * `is_returning`: whether the person (by address) had submitted before this submission. The list's
 * first-time and returning filter reads it, with its count, from an index at any size; probing each
 * row's person at read time cost a second a million. Kept by the database: set as a row is inserted
 * (rows earlier in the same statement are seen), and put right for the person's other submissions
 * when one is inserted before them (a backdated copy) or deleted (erasure, retention), so the list
 * always agrees with the detail's previous submission, which is read at the time.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE submissions ADD COLUMN is_returning boolean NOT NULL DEFAULT false');
  await knex.raw(
    `UPDATE submissions s SET is_returning = true WHERE s.email IS NOT NULL AND ${EARLIER_OF('s')}`,
  );
  // The list's order, for its returning page and its count; first-time is the rest.
  await knex.raw(
    'CREATE INDEX submissions_returning_index ON submissions (submitted_at, id) WHERE is_returning',
  );
  await knex.raw(`
    CREATE FUNCTION submission_returning_row() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.is_returning := NEW.email IS NOT NULL AND ${EARLIER_OF('NEW')};
      RETURN NEW;
    END $$`);
  await knex.raw(`
    CREATE TRIGGER submissions_returning_row BEFORE INSERT ON submissions
    FOR EACH ROW EXECUTE FUNCTION submission_returning_row()`);
  await knex.raw(`
    CREATE FUNCTION submission_returning_people() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE submissions s SET is_returning = ${EARLIER_OF('s')}
      WHERE s.email IS NOT NULL
        AND lower(s.email) IN (SELECT lower(c.email) FROM changed c WHERE c.email IS NOT NULL)
        AND s.is_returning IS DISTINCT FROM ${EARLIER_OF('s')};
      RETURN NULL;
    END $$`);
  await knex.raw(`
    CREATE TRIGGER submissions_returning_insert AFTER INSERT ON submissions
    REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION submission_returning_people()`);
  await knex.raw(`
    CREATE TRIGGER submissions_returning_delete AFTER DELETE ON submissions
    REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION submission_returning_people()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER IF EXISTS submissions_returning_delete ON submissions');
  await knex.raw('DROP TRIGGER IF EXISTS submissions_returning_insert ON submissions');
  await knex.raw('DROP TRIGGER IF EXISTS submissions_returning_row ON submissions');
  await knex.raw('DROP FUNCTION IF EXISTS submission_returning_people()');
  await knex.raw('DROP FUNCTION IF EXISTS submission_returning_row()');
  await knex.raw('DROP INDEX IF EXISTS submissions_returning_index');
  await knex.raw('ALTER TABLE submissions DROP COLUMN IF EXISTS is_returning');
}
