import type { Knex } from 'knex';

/**
 * The visitors' funnel, counted and nothing else: one row per day, step, detail and source with
 * how many visits reached it and, for the timed steps, how many left it after each coarse span of
 * time. No visit id, address or answer is ever stored, so no row can be traced to a visitor.
 *
 * - `step`: landing, started, demographics, position (a question reached by its place in the
 *   visit), question (one question, by key), submitted, results.
 * - `detail`: the position as digits, the question's key, or '' for the other steps; part of the
 *   key, so it is never null.
 * - `t0`…`t6`: visits that moved on after under 5 s, 15 s, 30 s, 1 min, 2 min, 5 min, and longer.
 *
 * The primary key serves the funnel's read: a range of days, then grouped by step and detail.
 *
 * `funnel_monthly` holds the same counts per calendar month, added to by the same writes, so a read
 * of two years sums 24 months and the odd days at either end rather than 730 days of rows.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE funnel_daily (
      day date NOT NULL,
      step varchar(16) NOT NULL,
      detail varchar(100) NOT NULL DEFAULT '',
      source varchar(40) NOT NULL,
      visits integer NOT NULL DEFAULT 0 CHECK (visits >= 0),
      t0 integer NOT NULL DEFAULT 0,
      t1 integer NOT NULL DEFAULT 0,
      t2 integer NOT NULL DEFAULT 0,
      t3 integer NOT NULL DEFAULT 0,
      t4 integer NOT NULL DEFAULT 0,
      t5 integer NOT NULL DEFAULT 0,
      t6 integer NOT NULL DEFAULT 0,
      PRIMARY KEY (day, step, detail, source)
    )
  `);
  await knex.raw(`
    CREATE TABLE funnel_monthly (
      month date NOT NULL CHECK (extract(day FROM month) = 1),
      step varchar(16) NOT NULL,
      detail varchar(100) NOT NULL DEFAULT '',
      source varchar(40) NOT NULL,
      visits integer NOT NULL DEFAULT 0 CHECK (visits >= 0),
      t0 integer NOT NULL DEFAULT 0,
      t1 integer NOT NULL DEFAULT 0,
      t2 integer NOT NULL DEFAULT 0,
      t3 integer NOT NULL DEFAULT 0,
      t4 integer NOT NULL DEFAULT 0,
      t5 integer NOT NULL DEFAULT 0,
      t6 integer NOT NULL DEFAULT 0,
      PRIMARY KEY (month, step, detail, source)
    )
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE funnel_monthly');
  await knex.raw('DROP TABLE funnel_daily');
}
