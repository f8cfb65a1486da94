import fs from 'node:fs';
import { ContentDocument } from '@msp/shared';
import type { Knex } from 'knex';
import { PillarModel } from '../../db/models/content.js';
import { applyShippedContent } from '../translations/shipped-translations.js';
import { replaceContent } from './content-document.js';

/** The languages a fresh installation offers beside English: those the product ships complete. */
export const SEEDED_LANGUAGES = ['de'];

/**
 * The content a fresh installation starts with (db/seeds/content.json): the six pillars, the 30 questions
 * and their point allocations, the 24 cells of the maturity matrix, the visitor form and the
 * results email, and its German translation (db/seeds/translations/de.json). It is a content document, the same an administrator exports and imports, and is
 * written by the same code; administrators can change all of it afterwards.
 */
export const seedDocument: ContentDocument = ContentDocument.parse(
  JSON.parse(fs.readFileSync(new URL('../../db/seeds/content.json', import.meta.url), 'utf8')),
);

/**
 * Writes the shipped content into an empty database, in one transaction. A database that already
 * has pillars is left alone, so restarts never overwrite what administrators changed. Returns
 * whether it seeded.
 */
export async function seedContentIfEmpty(
  db: Knex,
  content: ContentDocument = seedDocument,
): Promise<boolean> {
  return db.transaction(async (trx) => {
    // Serialises concurrent first starts of several instances on one PostgreSQL database.
    await trx.raw('LOCK TABLE pillars IN EXCLUSIVE MODE');
    if ((await PillarModel.query(trx).resultSize()) > 0) return false;
    await replaceContent(trx, content);
    for (const language of SEEDED_LANGUAGES) {
      await trx('languages').insert({ tag: language, is_default: false }).onConflict('tag').ignore();
      await applyShippedContent(trx, language);
    }
    return true;
  });
}
