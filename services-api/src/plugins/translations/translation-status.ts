import {
  BUILT_IN_CATALOGUES,
  canonicalLanguageTag,
  messageIdOf,
  type TranslationCounts,
  type TranslationGridRow,
  type TranslationStatus,
} from '@msp/shared';
import type { Config } from '../../config.js';
import type { ContentCache } from '../../db/content-cache.js';
import type { Executor } from '../../db/knex.js';
import type { TranslationRow } from '../../db/tables.js';
import { InvalidFieldError, NotFoundError } from '../../domain/errors.js';
import { readOfferedLanguages } from '../languages/languages-service.js';
import { listSourceUnits, sourceDigest, type SourceUnit } from './source-units.js';

type StoredTranslation = Pick<TranslationRow, 'text' | 'source_digest'>;

/**
 * A unit's translation in a language and how far it is. A stored text made from another source
 * than today's is changed since translated; a product string the product ships in that language
 * (its built-in catalogue) counts as translated, since the product keeps the two in step.
 */
export function statusOf(
  unit: SourceUnit,
  stored: StoredTranslation | undefined,
  language: string,
): { target: string | null; status: TranslationStatus } {
  if (stored) {
    const current = stored.source_digest === null || stored.source_digest === sourceDigest(unit.source);
    return { target: stored.text, status: current ? 'translated' : 'changed' };
  }
  const messageId = messageIdOf(unit.unit);
  const shipped = messageId === undefined ? undefined : BUILT_IN_CATALOGUES[language]?.[messageId];
  return shipped === undefined
    ? { target: null, status: 'missing' }
    : { target: shipped, status: 'translated' };
}

export function countStatuses(rows: readonly { status: TranslationStatus }[]): TranslationCounts {
  const counts = { total: rows.length, translated: 0, missing: 0, changed: 0 };
  for (const row of rows) counts[row.status]++;
  return counts;
}

/** One language's stored translations by unit. */
export async function storedTranslations(
  db: Executor,
  language: string,
): Promise<Map<string, StoredTranslation>> {
  const rows = await db<TranslationRow>('translations')
    .select('unit', 'text', 'source_digest')
    .where({ language });
  return new Map(rows.map((row) => [row.unit, row]));
}

/** Every unit with its translation and status in `language`, in the order of `listSourceUnits`. */
export function gridRows(
  units: readonly SourceUnit[],
  stored: ReadonlyMap<string, StoredTranslation>,
  language: string,
): TranslationGridRow[] {
  return units.map((unit) => ({ ...unit, ...statusOf(unit, stored.get(unit.unit), language) }));
}

/**
 * The offered language a route names, as the fixed list writes it. `field` names the parameter in
 * the 400 of a tag not on the list; a listed tag not offered is not found.
 */
export async function offeredTag(
  db: Executor,
  cache: ContentCache,
  tag: string,
  field: string,
): Promise<{ tag: string; isDefault: boolean; defaultLanguage: string }> {
  const canonical = canonicalLanguageTag(tag);
  if (!canonical) throw new InvalidFieldError(field, `"${tag}" is not a language of the list`);
  const { tags, defaultLanguage } = await readOfferedLanguages(db, cache);
  if (!tags.includes(canonical)) throw new NotFoundError(`${canonical} is not an offered language`);
  return { tag: canonical, isDefault: canonical === defaultLanguage, defaultLanguage };
}

/**
 * The offered language whose translations a route reads or writes: never the default, whose texts
 * are the source, edited on the content's own screens.
 */
export async function translatedLanguage(
  db: Executor,
  cache: ContentCache,
  tag: string,
): Promise<{ tag: string; defaultLanguage: string }> {
  const language = await offeredTag(db, cache, tag, 'language');
  if (language.isDefault)
    throw new InvalidFieldError(
      'language',
      `${language.tag} is the default language: its texts are the source, edited on the content's own screens`,
    );
  return language;
}

/** The grid of one language: every unit, its source, its translation and status, with the counts. */
export async function readTranslationGrid(db: Executor, cache: ContentCache, config: Config, tag: string) {
  const { tag: language, defaultLanguage } = await translatedLanguage(db, cache, tag);
  const [units, stored] = await Promise.all([
    listSourceUnits(db, cache, config),
    storedTranslations(db, language),
  ]);
  const rows = gridRows(units, stored, language);
  return { language, defaultLanguage, counts: countStatuses(rows), rows };
}
