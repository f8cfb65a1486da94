import { z } from 'zod';
import { DeletedResponse } from '../common.js';
import { defineRoute } from '../route.js';
import { translationEndpoints } from './endpoints.js';
import {
  AddLanguageInput,
  AdminLanguageList,
  LanguageTagParams,
  MessagesParams,
  MessagesResponse,
  SavedTranslation,
  TranslationExportQuery,
  TranslationFileText,
  TranslationGrid,
  TranslationImportQuery,
  TranslationImportResult,
  TranslationInput,
  TranslationLanguageParams,
  TranslationUnitParams,
  V1LanguageList,
} from './schemas.js';

/** The content types a translation file is answered and accepted as. */
export const XLIFF_CONTENT_TYPE = 'application/xliff+xml';

const TranslationFile = z.string().meta({
  description: 'One language as an XLIFF 2.0 document, or as CSV (unit, context, source, target)',
});

/** Routes of the languages and translations, for every audience. */
export const translationRoutes = {
  getMessages: defineRoute(translationEndpoints.getMessages, {
    summary:
      "The web app's strings in a language (its nearest offered language, else the default), missing ones from the default",
    params: MessagesParams,
    response: MessagesResponse,
  }),
  listLanguages: defineRoute(translationEndpoints.listLanguages, {
    summary:
      'The offered languages, the default first, each with its counts of translated, missing and changed texts',
    response: AdminLanguageList,
  }),
  addLanguage: defineRoute(translationEndpoints.addLanguage, {
    summary:
      'Offers a language of the list; one the product ships content for gets its content translations filled',
    body: AddLanguageInput,
    response: AdminLanguageList,
    successStatus: 201,
  }),
  setDefaultLanguage: defineRoute(translationEndpoints.setDefaultLanguage, {
    summary:
      "Makes a fully translated language the default: its translations become the content's texts and the old default's texts its translations",
    params: LanguageTagParams,
    response: AdminLanguageList,
  }),
  deleteLanguage: defineRoute(translationEndpoints.deleteLanguage, {
    summary: 'Stops offering a language that is not the default, with its translations',
    params: LanguageTagParams,
    response: DeletedResponse,
  }),
  listTranslations: defineRoute(translationEndpoints.listTranslations, {
    summary: 'Every translatable text with its source and its translation in a language, and their status',
    params: TranslationLanguageParams,
    response: TranslationGrid,
  }),
  saveTranslation: defineRoute(translationEndpoints.saveTranslation, {
    summary:
      "Saves one text's translation; an empty text deletes it, so visitors read the default language's",
    params: TranslationUnitParams,
    body: TranslationInput,
    response: SavedTranslation,
  }),
  exportTranslations: defineRoute(translationEndpoints.exportTranslations, {
    summary: 'One language as an XLIFF 2.0 or CSV file for a translator, optionally only the texts to do',
    params: TranslationLanguageParams,
    query: TranslationExportQuery,
    response: TranslationFile,
    produces: [XLIFF_CONTENT_TYPE, 'text/csv'],
  }),
  importTranslations: defineRoute(translationEndpoints.importTranslations, {
    summary:
      "Writes a translator's XLIFF 2.0 or CSV file of one language, all or nothing; empty targets are skipped",
    params: TranslationLanguageParams,
    query: TranslationImportQuery,
    body: TranslationFileText,
    response: TranslationImportResult,
  }),
  v1ListLanguages: defineRoute(translationEndpoints.v1ListLanguages, {
    summary: 'The languages visitors are offered, the default first',
    response: V1LanguageList,
    examples: {
      response: {
        languages: [
          { tag: 'en', name: 'English', nativeName: 'English', dir: 'ltr', isDefault: true },
          { tag: 'de', name: 'German', nativeName: 'Deutsch', dir: 'ltr', isDefault: false },
        ],
        defaultLanguage: 'en',
      },
    },
  }),
};
