import type { Knex } from 'knex';

/**
 * A search with more matches than it counts finds its pages by walking the list's order and
 * checking each submission's search text. On `(submitted_at, id)` alone each check reads the
 * submission's row, scattered over the table; with the search text in the index (about 70 bytes a
 * submission) the walk reads only the index, so a page deep into such a search costs what reading
 * its index entries does rather than a read of every row that matches.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE INDEX submissions_submitted_at_search_text_index
    ON submissions (submitted_at, id) INCLUDE (search_text)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS submissions_submitted_at_search_text_index');
}
