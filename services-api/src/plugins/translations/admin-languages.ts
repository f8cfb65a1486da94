import { languageInfo, type AdminLanguageList, type V1LanguageList } from '@msp/shared';
import type { Knex } from 'knex';
import type { Config } from '../../config.js';
import type { ContentCache } from '../../db/content-cache.js';
import type { Executor } from '../../db/knex.js';
import type { LanguageRow, TranslationRow } from '../../db/tables.js';
import { ConflictError, InvalidFieldError } from '../../domain/errors.js';
import { readOfferedLanguages } from '../languages/languages-service.js';
import { applyShippedContent } from './shipped-translations.js';
import { listSourceUnits, sourceDigest } from './source-units.js';
import { writeSource } from './source-writes.js';
import { countStatuses, gridRows, offeredTag, storedTranslations } from './translation-status.js';

function describe(tag: string) {
  const info = languageInfo(tag);
  return { tag, name: info?.name ?? tag, nativeName: info?.nativeName ?? tag, dir: info?.dir ?? 'ltr' };
}

/** The offered languages as integrators read them: the default first. */
export async function listV1Languages(db: Executor, cache: ContentCache): Promise<V1LanguageList> {
  const { tags, defaultLanguage } = await readOfferedLanguages(db, cache);
  return {
    languages: tags.map((tag) => ({ ...describe(tag), isDefault: tag === defaultLanguage })),
    defaultLanguage,
  };
}

/** The offered languages, the default first, each with how far its texts are translated. */
export async function listAdminLanguages(
  db: Executor,
  cache: ContentCache,
  config: Config,
): Promise<AdminLanguageList> {
  const { tags, defaultLanguage } = await readOfferedLanguages(db, cache);
  const [units, rows] = await Promise.all([
    listSourceUnits(db, cache, config),
    db<TranslationRow>('translations').select('language', 'unit', 'text', 'source_digest'),
  ]);
  const languages = tags.map((tag) => {
    const isDefault = tag === defaultLanguage;
    const stored = new Map(rows.filter((row) => row.language === tag).map((row) => [row.unit, row]));
    const counts = isDefault
      ? { total: units.length, translated: units.length, missing: 0, changed: 0 }
      : countStatuses(gridRows(units, stored, tag));
    return { ...describe(tag), isDefault, counts };
  });
  return { languages, defaultLanguage };
}

/**
 * Offers a language of the list. One the product ships content for (German) gets its content
 * translations from the shipped memory; its product strings come with the product already.
 */
export async function addLanguage(trx: Knex.Transaction, tag: string): Promise<{ filled: number }> {
  const existing = await trx<LanguageRow>('languages').where({ tag }).first('tag');
  if (existing) throw new ConflictError(`${tag} is offered already`);
  await trx<LanguageRow>('languages').insert({ tag, is_default: false });
  return { filled: await applyShippedContent(trx, tag) };
}

/** Stops offering a language, with its translations; never the default, which holds the source. */
export async function removeLanguage(
  trx: Knex.Transaction,
  cache: ContentCache,
  tag: string,
): Promise<string> {
  const language = await offeredTag(trx, cache, tag, 'tag');
  if (language.isDefault)
    throw new InvalidFieldError(
      'tag',
      `${language.tag} is the default language: make another language the default before removing it`,
    );
  await trx<LanguageRow>('languages').where({ tag: language.tag }).delete();
  return language.tag;
}

/**
 * Makes `tag` the default: its translations become the content's texts and the old default's
 * texts become the old default's translations, every unit in this one transaction. A language
 * still missing a text is refused with the count, so the source never has a hole.
 */
export async function setDefaultLanguage(
  trx: Knex.Transaction,
  cache: ContentCache,
  config: Config,
  actorId: number | null,
  tag: string,
): Promise<{ language: string; previous: string; swapped: number }> {
  await trx.raw('LOCK TABLE languages IN SHARE ROW EXCLUSIVE MODE');
  const language = await offeredTag(trx, cache, tag, 'tag');
  const previous = language.defaultLanguage;
  if (language.isDefault) return { language: language.tag, previous, swapped: 0 };
  const units = await listSourceUnits(trx, cache, config);
  const rows = gridRows(units, await storedTranslations(trx, language.tag), language.tag);
  const missing = rows.filter((row) => row.status === 'missing');
  if (missing.length > 0)
    throw new InvalidFieldError(
      'tag',
      `${language.tag} still has ${missing.length} missing ${missing.length === 1 ? 'text' : 'texts'} ` +
        `(the first: ${missing[0]!.unit}): translate ${missing.length === 1 ? 'it' : 'them'} before making ${language.tag} the default`,
    );
  let swapped = 0;
  for (const row of rows) {
    // Product strings have no content table: each language's own catalogue is already its text.
    if (row.kind === 'ui' || row.target === null) continue;
    await writeSource(trx, config, actorId, row.unit, row.target);
    await trx<TranslationRow>('translations')
      .insert({
        language: previous,
        unit: row.unit,
        text: row.source,
        source_digest: sourceDigest(row.target),
      })
      .onConflict(['language', 'unit'])
      .merge(['text', 'source_digest', 'updated_at']);
    await trx<TranslationRow>('translations').where({ language: language.tag, unit: row.unit }).delete();
    swapped++;
  }
  await trx<LanguageRow>('languages').update({ is_default: false }).where({ is_default: true });
  await trx<LanguageRow>('languages').update({ is_default: true }).where({ tag: language.tag });
  return { language: language.tag, previous, swapped };
}
