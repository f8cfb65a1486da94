import type { Database } from '../../db/knex.js';

/**
 * Each database's answer texts by text, as far as this process has met them: an id never changes
 * once given (the dictionary's rows are never updated or deleted), so what is kept stays true.
 * By database, not one map, because a process may serve more than one (the tests do).
 */
const knownIds = new WeakMap<Database, Map<string, number>>();

/** Tries before giving up on a text another submission is storing at this very moment. */
const ATTEMPTS = 3;

/**
 * The ids of these answer texts in the `answer_texts` dictionary (see the export_columns
 * migration), storing those not yet there. The submit's path: once a text is known, asking costs
 * nothing, where the insert trigger's lookup cost every submission two queries over the
 * dictionary.
 */
export async function answerTextIds(db: Database, texts: readonly string[]): Promise<Map<string, number>> {
  let ids = knownIds.get(db);
  if (!ids) knownIds.set(db, (ids = new Map()));
  let missing = [...new Set(texts)].filter((text) => !ids.has(text));
  for (let attempt = 0; missing.length > 0 && attempt < ATTEMPTS; attempt++) {
    // One statement sees the dictionary as it was when it began: a text stored meanwhile by
    // another submission is neither inserted (the conflict) nor seen, and is asked for again.
    const { rows } = await db.raw<{ rows: { id: number; text: string }[] }>(
      `WITH wanted(text) AS (SELECT unnest(?::text[])),
      added AS (
        INSERT INTO answer_texts (text)
        SELECT w.text FROM wanted w
        WHERE NOT EXISTS (SELECT 1 FROM answer_texts t WHERE md5(t.text) = md5(w.text))
        ON CONFLICT DO NOTHING
        RETURNING id, text)
      SELECT id, text FROM added
      UNION ALL
      SELECT t.id, t.text FROM answer_texts t JOIN wanted w ON md5(t.text) = md5(w.text)`,
      [missing],
    );
    for (const row of rows) ids.set(row.text, row.id);
    missing = missing.filter((text) => !ids.has(text));
  }
  if (missing.length > 0) throw new Error(`Could not store ${missing.length} answer texts`);
  return ids;
}
