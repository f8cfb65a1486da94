import type { Knex } from 'knex';

/**
 * What an export reads of each submission, kept where one read of its row finds it.
 *
 * At a million submissions an export of 100,000 spent most of its time in PostgreSQL before
 * writing a byte: 5 s detoasting each submission's frozen answers (some 6 KB compressed, in the
 * TOAST table) for their texts, and 3 s looking up its pillar scores, six rows scattered through
 * `submission_pillar_scores`. Its own heap row took under a second.
 *
 * - `answer_texts`: every answer text ever frozen into a submission, once (an admin's content,
 *   never a visitor's words). Looked up by the md5 of the text, as an answer may run to 1,000
 *   characters, past what a btree entry holds.
 * - `submissions.answer_text_ids`: the ids of its chosen answers' texts, in the order of its frozen
 *   answers (the order `question_set` names them in). Some 150 bytes, in the row itself. The
 *   submit writes them (it keeps the ids it has met); a trigger finds them from `answers` for any
 *   other insert that leaves them out, so every row has them, whatever wrote it.
 * - `submissions.pillar_score_cells`: each pillar's `[key, level, percentage]`, as the submit
 *   stores them beside their rows in `submission_pillar_scores` (which every figure aggregates).
 *   Written by the submit; the export still reads the scores' rows for a submission without it.
 *
 * Filling the columns for existing submissions rewrites every row once, under the table's lock: a
 * few minutes at a million submissions, as the `question_set` column took.
 */
/** The ids of the texts of `answers` (a frozen answers array), in its order: null for one not stored. */
const idsOfTexts = (answers: string) => `ARRAY(
    SELECT t.id FROM jsonb_array_elements(${answers}) WITH ORDINALITY AS a(answer, n)
    LEFT JOIN answer_texts t ON md5(t.text) = md5(a.answer->>'answerText')
    ORDER BY a.n)`;

const ANSWER_TEXT_IDS_FUNCTION = `
CREATE OR REPLACE FUNCTION answer_text_ids_of(answers jsonb) RETURNS integer[]
LANGUAGE plpgsql AS $$
BEGIN
  -- Only texts not yet known: a conflict (another submission storing the same new text at this
  -- moment) waits for it, and the next statement, on a snapshot of its own, finds the text there.
  INSERT INTO answer_texts (text)
  SELECT DISTINCT a->>'answerText' FROM jsonb_array_elements(answers) a
  WHERE a->>'answerText' IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM answer_texts t WHERE md5(t.text) = md5(a->>'answerText'))
  ON CONFLICT DO NOTHING;
  RETURN ${idsOfTexts('answers')};
END $$`;

const TRIGGER_FUNCTION = `
CREATE OR REPLACE FUNCTION submissions_answer_text_ids() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.answer_text_ids IS NULL THEN
    NEW.answer_text_ids := answer_text_ids_of(NEW.answers);
  END IF;
  RETURN NEW;
END $$`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE answer_texts (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    text text NOT NULL)`);
  await knex.raw('CREATE UNIQUE INDEX answer_texts_md5 ON answer_texts (md5(text))');
  await knex.raw(
    'ALTER TABLE submissions ADD COLUMN answer_text_ids integer[], ADD COLUMN pillar_score_cells jsonb',
  );
  await knex.raw(ANSWER_TEXT_IDS_FUNCTION);
  await knex.raw(TRIGGER_FUNCTION);
  await knex.raw(`CREATE TRIGGER submissions_answer_text_ids BEFORE INSERT ON submissions
    FOR EACH ROW EXECUTE FUNCTION submissions_answer_text_ids()`);

  await knex.raw(`INSERT INTO answer_texts (text)
    SELECT DISTINCT a->>'answerText' FROM submissions s, jsonb_array_elements(s.answers) a
    WHERE a->>'answerText' IS NOT NULL`);
  await knex.raw(`UPDATE submissions s SET
    answer_text_ids = ${idsOfTexts('s.answers')},
    pillar_score_cells = (
      SELECT jsonb_agg(jsonb_build_array(ps.pillar_key, ps.level, ps.percentage) ORDER BY ps.pillar_order)
      FROM submission_pillar_scores ps WHERE ps.submission_id = s.id)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER IF EXISTS submissions_answer_text_ids ON submissions');
  await knex.raw('DROP FUNCTION IF EXISTS submissions_answer_text_ids()');
  await knex.raw('DROP FUNCTION IF EXISTS answer_text_ids_of(jsonb)');
  await knex.raw('ALTER TABLE submissions DROP COLUMN answer_text_ids, DROP COLUMN pillar_score_cells');
  await knex.raw('DROP TABLE IF EXISTS answer_texts');
}
