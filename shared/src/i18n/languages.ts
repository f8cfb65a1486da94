/**
 * The languages an administrator may add, as BCP 47 tags with their names. A fixed list, so every
 * tag the product stores is one it can name, negotiate and lay out (right-to-left scripts included).
 */
export interface LanguageInfo {
  tag: string;
  /** The language's name in English, as the admin lists it. */
  name: string;
  /** Its name in itself, as the visitor's language switcher shows it. */
  nativeName: string;
  dir: 'ltr' | 'rtl';
}

const rtl = (tag: string, name: string, nativeName: string): LanguageInfo => ({
  tag,
  name,
  nativeName,
  dir: 'rtl',
});
const ltr = (tag: string, name: string, nativeName: string): LanguageInfo => ({
  tag,
  name,
  nativeName,
  dir: 'ltr',
});

export const LANGUAGES: readonly LanguageInfo[] = [
  ltr('en', 'English', 'English'),
  ltr('en-GB', 'English (United Kingdom)', 'English (UK)'),
  ltr('en-US', 'English (United States)', 'English (US)'),
  ltr('de', 'German', 'Deutsch'),
  ltr('de-AT', 'German (Austria)', 'Deutsch (Österreich)'),
  ltr('de-CH', 'German (Switzerland)', 'Deutsch (Schweiz)'),
  ltr('nl', 'Dutch', 'Nederlands'),
  ltr('nl-BE', 'Dutch (Belgium)', 'Nederlands (België)'),
  ltr('fr', 'French', 'Français'),
  ltr('fr-BE', 'French (Belgium)', 'Français (Belgique)'),
  ltr('fr-CA', 'French (Canada)', 'Français (Canada)'),
  ltr('fr-CH', 'French (Switzerland)', 'Français (Suisse)'),
  ltr('es', 'Spanish', 'Español'),
  ltr('es-MX', 'Spanish (Mexico)', 'Español (México)'),
  ltr('it', 'Italian', 'Italiano'),
  ltr('pt', 'Portuguese', 'Português'),
  ltr('pt-BR', 'Portuguese (Brazil)', 'Português (Brasil)'),
  ltr('da', 'Danish', 'Dansk'),
  ltr('sv', 'Swedish', 'Svenska'),
  ltr('nb', 'Norwegian Bokmål', 'Norsk bokmål'),
  ltr('nn', 'Norwegian Nynorsk', 'Norsk nynorsk'),
  ltr('fi', 'Finnish', 'Suomi'),
  ltr('is', 'Icelandic', 'Íslenska'),
  ltr('pl', 'Polish', 'Polski'),
  ltr('cs', 'Czech', 'Čeština'),
  ltr('sk', 'Slovak', 'Slovenčina'),
  ltr('hu', 'Hungarian', 'Magyar'),
  ltr('ro', 'Romanian', 'Română'),
  ltr('bg', 'Bulgarian', 'Български'),
  ltr('el', 'Greek', 'Ελληνικά'),
  ltr('et', 'Estonian', 'Eesti'),
  ltr('lv', 'Latvian', 'Latviešu'),
  ltr('lt', 'Lithuanian', 'Lietuvių'),
  ltr('sl', 'Slovenian', 'Slovenščina'),
  ltr('hr', 'Croatian', 'Hrvatski'),
  ltr('sr', 'Serbian', 'Српски'),
  ltr('uk', 'Ukrainian', 'Українська'),
  ltr('tr', 'Turkish', 'Türkçe'),
  ltr('ja', 'Japanese', '日本語'),
  ltr('ko', 'Korean', '한국어'),
  ltr('zh-Hans', 'Chinese (Simplified)', '简体中文'),
  ltr('zh-Hant', 'Chinese (Traditional)', '繁體中文'),
  ltr('hi', 'Hindi', 'हिन्दी'),
  ltr('id', 'Indonesian', 'Bahasa Indonesia'),
  ltr('ms', 'Malay', 'Bahasa Melayu'),
  ltr('th', 'Thai', 'ไทย'),
  ltr('vi', 'Vietnamese', 'Tiếng Việt'),
  rtl('ar', 'Arabic', 'العربية'),
  rtl('he', 'Hebrew', 'עברית'),
  rtl('fa', 'Persian', 'فارسی'),
  rtl('ur', 'Urdu', 'اردو'),
];

/** The language the product's own texts are written in: the source of every catalogue. */
export const SOURCE_LANGUAGE = 'en';

/** Every tag of the fixed list, for a schema's enum. */
export const LANGUAGE_TAGS = LANGUAGES.map((language) => language.tag) as [string, ...string[]];

const byLowerTag = new Map(LANGUAGES.map((language) => [language.tag.toLowerCase(), language]));

/** The list's entry for a tag, matched without regard to case (BCP 47 tags are case-insensitive). */
export function languageInfo(tag: string): LanguageInfo | undefined {
  return byLowerTag.get(tag.toLowerCase());
}

/** The tag as the list writes it ("de-at" → "de-AT"), or undefined for a tag not on the list. */
export function canonicalLanguageTag(tag: string): string | undefined {
  return languageInfo(tag)?.tag;
}

export function languageDirection(tag: string): 'ltr' | 'rtl' {
  return languageInfo(tag)?.dir ?? 'ltr';
}
