import type { ContentCache } from '../../db/content-cache.js';
import type { Database } from '../../db/knex.js';
import { readActiveDemographicFields } from '../demographic-fields/demographic-fields-service.js';
import {
  findConsentStatement,
  readConsentStatement,
} from '../demographic-fields/consent-statement-service.js';
import { readPublicMatrixCells } from '../matrix/matrix-service.js';
import { readActivePillars } from '../pillars/pillars-service.js';
import { readPublicQuestions, readScorableQuestions } from '../questions/questions-service.js';
import { readLanguageTexts, readOfferedLanguages } from '../languages/languages-service.js';

/**
 * What visitors see of the content, through the cache: each resource's own reader, active rows
 * only. Scoring, the analysis and the analytics read the same, so they agree with the pages.
 */
export function publicContent(db: Database, cache: ContentCache) {
  return {
    pillars: () => readActivePillars(db, cache),
    scorableQuestions: () => readScorableQuestions(db, cache),
    publicQuestions: () => readPublicQuestions(db, cache),
    demographicFields: () => readActiveDemographicFields(db, cache),
    matrixCells: () => readPublicMatrixCells(db, cache),
    consentStatement: () => readConsentStatement(db, cache),
    languages: () => readOfferedLanguages(db, cache),
    /** A language's texts (its nearest offered one); the default language's without one. */
    languageTexts: (language?: string) => readLanguageTexts(db, cache, language),
    /** A statement a visitor may have ticked before it was replaced; read only when it is not the current one. */
    pastConsentStatement: (id: number) => findConsentStatement(db, id),
  };
}
export type PublicContent = ReturnType<typeof publicContent>;
