import { languageInfo } from '@msp/shared/browser';
import { publicQueries } from '../../lib/public-queries.js';
import { useApi } from '../../platform/platform-context.js';
import { useAdminQuery } from '../api/admin-query.js';

/** "German (de)": a language as the admin names it, its tag beside; a tag not on the list, alone. */
export function languageLabel(tag: string): string {
  const info = languageInfo(tag);
  return info ? `${info.name} (${info.tag})` : tag;
}

/** "German": a language's English name, for a list row; a tag not on the list, alone. */
export function languageName(tag: string): string {
  return languageInfo(tag)?.name ?? tag;
}

/** The language given, as a query: nothing for every language. */
export function languageQuery(language: string): { language?: string } {
  return language ? { language } : {};
}

/**
 * The languages a list may be narrowed to: those offered (the public configuration's), each named
 * in English, and one the URL names that is no longer offered, so a link to it still reads.
 */
export function useOfferedLanguages(current = ''): { tag: string; label: string }[] {
  const api = useApi();
  const config = useAdminQuery(publicQueries.config(api, 'en'));
  const tags = config.data?.languages.map((language) => language.tag) ?? [];
  if (current && !tags.includes(current)) tags.push(current);
  return tags.map((tag) => ({ tag, label: languageLabel(tag) }));
}

/**
 * Why an analysis reads in another language than its submission's: the built-in analyst had no
 * sentences of its own in that language, and wrote in the default's. Null when it reads in the
 * submission's (or is from before languages, when every analysis was English).
 */
export function analysisLanguageNote(
  analysisLanguage: string | null,
  submissionLanguage: string,
): string | null {
  if (!analysisLanguage || analysisLanguage === submissionLanguage) return null;
  return (
    `Written in ${languageName(analysisLanguage)}: the built-in analyst has no texts in ` +
    `${languageName(submissionLanguage)} yet (translate them on the Translations screen).`
  );
}
