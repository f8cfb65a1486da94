import {
  BUILT_IN_CATALOGUES,
  createTranslator,
  EN_MESSAGES,
  languageDirection,
  languageInfo,
  messageIdOf,
  negotiateLanguage,
  type LanguageChoice,
  type Messages,
  type Translate,
} from '@msp/shared';
import type { ContentCache } from '../../db/content-cache.js';
import type { Executor } from '../../db/knex.js';
import type { LanguageRow, TranslationRow } from '../../db/tables.js';

/** The languages offered to visitors: the default first, then the others in the order they were added. */
export interface OfferedLanguages {
  tags: string[];
  defaultLanguage: string;
}

const OFFERED_LANGUAGES = 'languages';

export async function readOfferedLanguages(db: Executor, cache: ContentCache): Promise<OfferedLanguages> {
  return cache.get(OFFERED_LANGUAGES, async () => {
    const rows = await db<LanguageRow>('languages')
      .select('tag', 'is_default')
      .orderBy([{ column: 'is_default', order: 'desc' }, { column: 'created_at' }, { column: 'tag' }]);
    const defaultLanguage = rows.find((row) => row.is_default)?.tag ?? rows[0]?.tag ?? 'en';
    return { tags: rows.length ? rows.map((row) => row.tag) : [defaultLanguage], defaultLanguage };
  });
}

/** The offered language a visitor gets (`?lang=`, their saved choice, Accept-Language, the default). */
export async function resolveLanguage(
  db: Executor,
  cache: ContentCache,
  choice: LanguageChoice,
): Promise<string> {
  const { tags, defaultLanguage } = await readOfferedLanguages(db, cache);
  return negotiateLanguage(choice, tags, defaultLanguage);
}

/** One language's stored translations, unit → text, through the content cache. */
export async function readTranslations(
  db: Executor,
  cache: ContentCache,
  language: string,
): Promise<ReadonlyMap<string, string>> {
  return cache.get(`translations:${language}`, async () => {
    const rows = await db<TranslationRow>('translations').select('unit', 'text').where({ language });
    return new Map(rows.map((row) => [row.unit, row.text]));
  });
}

/** The product strings an administrator stored for a language, by message id. */
function storedMessages(translations: ReadonlyMap<string, string>): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const [unit, text] of translations) {
    const id = messageIdOf(unit);
    if (id !== undefined) messages[id] = text;
  }
  return messages;
}

/**
 * A language's own product strings: the catalogue the product ships for it (none for most), with
 * what an administrator stored on top. Missing ids are not filled: the grid counts them.
 */
function ownMessages(language: string, stored: Messages): Messages {
  return { ...(BUILT_IN_CATALOGUES[language] ?? {}), ...stored };
}

/** The strings of the web app, the emails and the analyst in one language, with what it lacks filled. */
export interface LanguageTexts {
  language: string;
  /** Whether `language` is the default language (whose texts are the content's own). */
  isDefault: boolean;
  /** Whether an administrator stored product strings (`ui.…`) for it or for the default it falls back to. */
  hasStoredMessages: boolean;
  dir: 'ltr' | 'rtl';
  /** Every message id; those the language lacks come from the default language, then English. */
  messages: Messages;
  /** What `t` formats instead of a message of `messages` that cannot be formatted. */
  fallback: Messages;
  /** Formats a message of `messages`. */
  t: Translate;
  /** A content unit's text in this language, or `source` (the default language's) when it has none. */
  content: (unit: string, source: string) => string;
  /** Whether this language has its own text of a content unit or a message (not a fallback). */
  has: (unit: string) => boolean;
}

/**
 * The texts of an offered language, through the content cache (cleared on every content and
 * translation write). A tag not offered gets its nearest offered language.
 */
export async function readLanguageTexts(
  db: Executor,
  cache: ContentCache,
  requested?: string | null,
): Promise<LanguageTexts> {
  const { tags, defaultLanguage } = await readOfferedLanguages(db, cache);
  const language = negotiateLanguage({ query: requested }, tags, defaultLanguage);
  return cache.get(`language-texts:${language}`, async () => {
    const [own, ofDefault] = await Promise.all([
      readTranslations(db, cache, language),
      language === defaultLanguage ? undefined : readTranslations(db, cache, defaultLanguage),
    ]);
    const ownStored = storedMessages(own);
    const defaultStored = ofDefault ? storedMessages(ofDefault) : ownStored;
    const ownStrings = ownMessages(language, ownStored);
    const fallback = { ...EN_MESSAGES, ...ownMessages(defaultLanguage, defaultStored) };
    const messages: Messages = { ...fallback, ...ownStrings };
    const isDefault = language === defaultLanguage;
    return {
      language,
      isDefault,
      hasStoredMessages: Object.keys(ownStored).length + Object.keys(defaultStored).length > 0,
      dir: languageDirection(language),
      messages,
      fallback,
      t: createTranslator(language, messages, fallback),
      content: (unit, source) => (isDefault ? source : (own.get(unit) ?? source)),
      has: (unit) => {
        const id = messageIdOf(unit);
        return id !== undefined ? id in ownStrings : isDefault || own.has(unit);
      },
    };
  });
}

/** The switcher's entry for an offered language. */
export function offeredLanguage(tag: string) {
  const info = languageInfo(tag);
  return { tag, nativeName: info?.nativeName ?? tag, dir: info?.dir ?? ('ltr' as const) };
}

/**
 * The offered language a read's `?lang=` names (its nearest), or the default when it names none: at
 * once, not through a promise, when the offered languages are cached, so a hot read is answered in
 * the same turn.
 */
export function languageOfRead(
  db: Executor,
  cache: ContentCache,
  requested?: string | null,
): string | Promise<string> {
  const pick = ({ tags, defaultLanguage }: OfferedLanguages) =>
    negotiateLanguage({ query: requested }, tags, defaultLanguage);
  const cached = cache.peek<OfferedLanguages>(OFFERED_LANGUAGES);
  return cached ? pick(cached) : readOfferedLanguages(db, cache).then(pick);
}

/** What the web app is sent of a language's texts: its strings, without the analyst's (the server writes those). */
export function visitorMessages(texts: LanguageTexts): {
  language: string;
  dir: 'ltr' | 'rtl';
  messages: Messages;
} {
  const messages: Record<string, string> = {};
  for (const [id, text] of Object.entries(texts.messages))
    if (!id.startsWith('analyst.')) messages[id] = text;
  return { language: texts.language, dir: texts.dir, messages };
}
