import { z } from 'zod';
import { LanguageTag } from '../common.js';
import { LANGUAGE_TAGS } from '../../i18n/languages.js';
import { UNIT_ID_PATTERN, UNIT_KINDS } from '../../i18n/units.js';

export const MessagesParams = z.object({ language: LanguageTag });

/**
 * The product's strings in one language, each missing one filled from the default language, so
 * the page never shows a message id.
 */
export const MessagesResponse = z.object({
  language: z.string(),
  dir: z.enum(['ltr', 'rtl']),
  messages: z.record(z.string(), z.string()),
});
export type MessagesResponse = z.infer<typeof MessagesResponse>;

/** A tag of the fixed list of languages (`i18n/languages.ts`), as that list writes it. */
export const ListedLanguageTag = z.enum(LANGUAGE_TAGS, {
  error: 'must be a language of the list, such as "de" or "fr-CA"',
});

/** How far a translation is: its own text of the current source, none, or one of an older source. */
export const TRANSLATION_STATUSES = ['translated', 'missing', 'changed'] as const;
export const TranslationStatus = z.enum(TRANSLATION_STATUSES);
export type TranslationStatus = z.infer<typeof TranslationStatus>;

export const TranslationCounts = z.object({
  total: z.number().int(),
  translated: z.number().int(),
  missing: z.number().int(),
  changed: z.number().int(),
});
export type TranslationCounts = z.infer<typeof TranslationCounts>;

/** An offered language as the admin lists it, with how far its texts are translated. */
export const AdminLanguage = z.object({
  tag: z.string(),
  name: z.string(),
  nativeName: z.string(),
  dir: z.enum(['ltr', 'rtl']),
  isDefault: z.boolean(),
  counts: TranslationCounts,
});
export type AdminLanguage = z.infer<typeof AdminLanguage>;

export const AdminLanguageList = z.object({
  languages: z.array(AdminLanguage),
  defaultLanguage: z.string(),
});
export type AdminLanguageList = z.infer<typeof AdminLanguageList>;

export const AddLanguageInput = z.object({ tag: ListedLanguageTag });
export type AddLanguageInput = z.infer<typeof AddLanguageInput>;

export const LanguageTagParams = z.object({ tag: LanguageTag.meta({ examples: ['de'] }) });
export const TranslationLanguageParams = z.object({ language: LanguageTag.meta({ examples: ['de'] }) });

export const UnitId = z
  .string()
  .regex(UNIT_ID_PATTERN, { error: 'must be a unit id such as "pillar.tooling.name"' });
export const TranslationUnitParams = z.object({
  language: LanguageTag.meta({ examples: ['de'] }),
  unit: UnitId.meta({ examples: ['pillar.processes.name'] }),
});

/** One text of the grid: the source beside this language's translation. */
export const TranslationGridRow = z.object({
  unit: z.string(),
  kind: z.enum(UNIT_KINDS),
  context: z.string(),
  source: z.string(),
  /** This language's text, or null when it has none (visitors read the source). */
  target: z.string().nullable(),
  status: TranslationStatus,
});
export type TranslationGridRow = z.infer<typeof TranslationGridRow>;

export const TranslationGrid = z.object({
  language: z.string(),
  defaultLanguage: z.string(),
  counts: TranslationCounts,
  rows: z.array(TranslationGridRow),
});
export type TranslationGrid = z.infer<typeof TranslationGrid>;

/** A translation's new text; an empty text deletes it, so visitors read the default language's. */
export const TranslationInput = z.object({ text: z.string().max(100_000, { error: 'is too long' }) });
export type TranslationInput = z.infer<typeof TranslationInput>;

export const SavedTranslation = z.object({
  unit: z.string(),
  target: z.string().nullable(),
  status: TranslationStatus,
});
export type SavedTranslation = z.infer<typeof SavedTranslation>;

export const TRANSLATION_FILE_FORMATS = ['xliff', 'csv'] as const;
export const TranslationFileFormat = z.enum(TRANSLATION_FILE_FORMATS);
export type TranslationFileFormat = z.infer<typeof TranslationFileFormat>;

export const TranslationExportQuery = z.object({
  format: TranslationFileFormat.default('xliff'),
  /** Only the texts a translator has to do: missing ones and those changed since translated. */
  onlyPending: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});

export const TranslationImportQuery = z.object({
  /** The file's format, when its content type does not say it. */
  format: TranslationFileFormat.optional(),
});

/** The file's text, as a translator's tool saved it. */
export const TranslationFileText = z.string().min(1, { error: 'is empty: send the file as the body' });

export const TranslationImportResult = z.object({
  language: z.string(),
  /** How many translations were written (new or changed). */
  written: z.number().int(),
  /** Units in the file with an empty target: left as they were. */
  skipped: z.number().int(),
});
export type TranslationImportResult = z.infer<typeof TranslationImportResult>;

/** An offered language, as integrators read it. */
export const V1Language = z.object({
  tag: z.string(),
  name: z.string(),
  nativeName: z.string(),
  dir: z.enum(['ltr', 'rtl']),
  isDefault: z.boolean(),
});
export const V1LanguageList = z.object({ languages: z.array(V1Language), defaultLanguage: z.string() });
export type V1LanguageList = z.infer<typeof V1LanguageList>;
