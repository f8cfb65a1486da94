import { icuSyntaxError, messageArguments, type SavedTranslation } from '@msp/shared';
import type { Knex } from 'knex';
import type { Config } from '../../config.js';
import type { ContentCache } from '../../db/content-cache.js';
import type { TranslationRow } from '../../db/tables.js';
import { InvalidFieldError } from '../../domain/errors.js';
import { listSourceUnits, sourceDigest, type SourceUnit } from './source-units.js';
import { statusOf, storedTranslations } from './translation-status.js';

/**
 * Refuses a translation of a product string (ui.*) that is not valid ICU MessageFormat, or that
 * drops or adds an argument of the source: the page would show a broken or wrong sentence. The
 * error names the unit.
 */
export function checkTranslation(unit: SourceUnit, text: string, language: string): void {
  if (unit.kind !== 'ui') return;
  const syntax = icuSyntaxError(text, language);
  if (syntax) throw new InvalidFieldError(unit.unit, `is not valid ICU MessageFormat (${syntax})`);
  const expected = messageArguments(unit.source);
  const given = messageArguments(text);
  const dropped = expected.filter((name) => !given.includes(name));
  const added = given.filter((name) => !expected.includes(name));
  if (dropped.length > 0)
    throw new InvalidFieldError(
      unit.unit,
      `leaves out ${dropped.map((name) => `{${name}}`).join(', ')} of the source`,
    );
  if (added.length > 0)
    throw new InvalidFieldError(
      unit.unit,
      `uses ${added.map((name) => `{${name}}`).join(', ')}, which the source does not have`,
    );
}

function unitsById(units: readonly SourceUnit[]): Map<string, SourceUnit> {
  return new Map(units.map((unit) => [unit.unit, unit]));
}

/** Writes (or, for an empty text, deletes) one translation, made from the unit's current source. */
export async function saveTranslation(
  trx: Knex.Transaction,
  cache: ContentCache,
  config: Config,
  language: string,
  unitId: string,
  text: string,
): Promise<SavedTranslation> {
  const unit = unitsById(await listSourceUnits(trx, cache, config)).get(unitId);
  if (!unit) throw new InvalidFieldError('unit', `${unitId} is not a text of this product`);
  if (text.trim() === '') {
    await trx<TranslationRow>('translations').where({ language, unit: unitId }).delete();
  } else {
    checkTranslation(unit, text, language);
    await trx<TranslationRow>('translations')
      .insert({ language, unit: unitId, text, source_digest: sourceDigest(unit.source) })
      .onConflict(['language', 'unit'])
      .merge({ text, source_digest: sourceDigest(unit.source), updated_at: trx.fn.now() });
  }
  const stored = await storedTranslations(trx, language);
  return { unit: unitId, ...statusOf(unit, stored.get(unitId), language) };
}

/**
 * Writes a translator's units in one go: every unit must be a text of the product (else a 400
 * naming the first that is not, before anything is written), product strings pass the ICU checks,
 * empty targets are skipped, and a target equal to the language's current text is left alone, so
 * importing a file just exported changes nothing.
 */
export async function importTranslations(
  trx: Knex.Transaction,
  cache: ContentCache,
  config: Config,
  language: string,
  entries: readonly { unit: string; target: string }[],
): Promise<{ written: number; skipped: number }> {
  const units = unitsById(await listSourceUnits(trx, cache, config));
  const unknown = entries.find((entry) => !units.has(entry.unit));
  if (unknown) throw new InvalidFieldError(unknown.unit || 'unit', 'is not a text of this product');
  const stored = await storedTranslations(trx, language);
  const rows: Omit<TranslationRow, 'updated_at'>[] = [];
  let skipped = 0;
  for (const { unit: unitId, target } of entries) {
    if (target.trim() === '') {
      skipped++;
      continue;
    }
    const unit = units.get(unitId)!;
    checkTranslation(unit, target, language);
    // The xliff library drops a segment's trailing line breaks as it reads it (an email body's
    // last newline), so a text that differs only there is the same text, left as it is.
    if (statusOf(unit, stored.get(unitId), language).target?.trimEnd() === target.trimEnd()) continue;
    rows.push({ language, unit: unitId, text: target, source_digest: sourceDigest(unit.source) });
  }
  if (rows.length > 0)
    await trx<TranslationRow>('translations')
      .insert(rows)
      .onConflict(['language', 'unit'])
      .merge(['text', 'source_digest', 'updated_at']);
  return { written: rows.length, skipped };
}
