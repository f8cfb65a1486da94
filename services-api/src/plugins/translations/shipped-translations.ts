import fs from 'node:fs';
import type { Knex } from 'knex';
import { z } from 'zod';
import type { TranslationRow } from '../../db/tables.js';
import { listContentUnits, sourceDigest } from './source-units.js';

/**
 * The product ships a translation of its seeded content for some languages (db/seeds/translations/
 * <tag>.json): a translation memory of English source texts and their translations, not a list of
 * units, so it fits any installation whose content still has those texts (a fresh one, or one
 * seeded by an earlier release with other question keys). A text an administrator changed finds
 * no match and stays to be translated.
 */
const TranslationMemory = z.object({
  language: z.string(),
  entries: z.array(z.object({ source: z.string(), target: z.string() })),
});

function shippedMemory(language: string): Map<string, string> | undefined {
  const file = new URL(`../../db/seeds/translations/${language}.json`, import.meta.url);
  if (!/^[A-Za-z-]+$/.test(language) || !fs.existsSync(file)) return undefined;
  const memory = TranslationMemory.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
  return new Map(memory.entries.map((entry) => [entry.source, entry.target]));
}

/** Whether the product ships a translation of its seeded content in `language`. */
export function hasShippedContent(language: string): boolean {
  return shippedMemory(language) !== undefined;
}

/**
 * Fills `language`'s missing content translations from the shipped memory, in the caller's
 * transaction; texts already translated are kept. Answers how many it filled.
 */
export async function applyShippedContent(trx: Knex.Transaction, language: string): Promise<number> {
  const memory = shippedMemory(language);
  if (!memory) return 0;
  const rows = (await listContentUnits(trx)).flatMap(({ unit, source }) => {
    const text = memory.get(source);
    return text === undefined ? [] : [{ language, unit, text, source_digest: sourceDigest(source) }];
  });
  if (rows.length === 0) return 0;
  const inserted = await trx<TranslationRow>('translations')
    .insert(rows)
    .onConflict(['language', 'unit'])
    .ignore()
    .returning('unit');
  return inserted.length;
}
