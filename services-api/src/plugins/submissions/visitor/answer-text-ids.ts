import type { Database } from '../../../db/knex.js';

/**
 * Each database's answer texts by text, as far as this process has met them: an id never changes
 * once given (the dictionary's rows are never updated or deleted while the server runs), so what
 * is kept stays true. By database, not one map, because a process may serve more than one (the
 * tests do).
 */
const knownIds = new WeakMap<Database, Map<string, number>>();

/**
 * The ids of these answer texts in the `answer_texts` dictionary (see the export_columns
 * migration), storing those not yet there through the dictionary's own function (the one the
 * insert trigger uses). The submit's path: once a text is known, asking costs nothing, where the
 * trigger's lookup cost every submission two queries over the dictionary.
 */
export async function answerTextIds(db: Database, texts: readonly string[]): Promise<Map<string, number>> {
  let ids = knownIds.get(db);
  if (!ids) knownIds.set(db, (ids = new Map()));
  const missing = [...new Set(texts)].filter((text) => !ids.has(text));
  if (missing.length === 0) return ids;
  const { rows } = await db.raw<{ rows: { ids: (number | null)[] }[] }>(
    'SELECT answer_text_ids_of(?::jsonb) AS ids',
    [JSON.stringify(missing.map((answerText) => ({ answerText })))],
  );
  rows[0]!.ids.forEach((id, index) => {
    if (id === null) throw new Error(`Answer text ${index} of ${missing.length} was not stored`);
    ids.set(missing[index]!, id);
  });
  return ids;
}
