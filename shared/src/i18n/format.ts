import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat, type Formatters } from 'intl-messageformat';

// IntlMessageFormat resolves each message's locale through `supportedLocalesOf`, whose first call
// loads the list of every locale V8 knows: 130 ms on a slowed phone, the largest single cost of the
// landing page's start. For one tag, what it returns is the tag's own Intl.Locale (a supported tag
// comes back canonicalised, as Intl.Locale canonicalises it; any other falls back to it), so that
// is made directly, once a tag.
const resolveLocale = IntlMessageFormat.resolveLocale;
const resolvedLocales = new Map<string, Intl.Locale>();
IntlMessageFormat.resolveLocale = (locales) => {
  if (typeof locales !== 'string' || typeof Intl.Locale === 'undefined') return resolveLocale(locales);
  let resolved = resolvedLocales.get(locales);
  if (!resolved) {
    resolved = new Intl.Locale(locales);
    resolvedLocales.set(locales, resolved);
  }
  return resolved;
};

/** A catalogue: message id → ICU MessageFormat text. */
export type Messages = Readonly<Record<string, string>>;
export type MessageValues = Record<string, string | number | boolean | Date | null | undefined>;

/** Whether a text is valid ICU MessageFormat; the error's message when it is not. */
export function icuSyntaxError(text: string, locale = 'en'): string | undefined {
  try {
    new IntlMessageFormat(text, locale);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/**
 * The argument names a message uses ({name}, {count, plural, …}, in every branch), to check that a
 * translation keeps them; empty for a message that does not parse.
 */
export function messageArguments(text: string): string[] {
  const names = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if ('value' in element && element.type !== TYPE.literal) {
        names.add(element.value);
      }
      if ('options' in element) for (const option of Object.values(element.options)) walk(option.value);
      if (element.type === TYPE.tag) walk(element.children);
    }
  };
  try {
    walk(parse(text));
  } catch {
    return [];
  }
  return [...names].sort();
}

/**
 * Intl's formatters, made once for each set of arguments and shared by every message of a
 * translator. Each IntlMessageFormat otherwise makes its own: a page's first render built a
 * PluralRules and a NumberFormat for every plural message, three to six times the cost of the
 * messages themselves.
 */
function sharedFormatters(): Formatters {
  const made = new Map<string, unknown>();
  const once =
    <A extends unknown[], F>(kind: string, make: (...args: A) => F) =>
    (...args: A): F => {
      const key = `${kind}\u0000${JSON.stringify(args)}`;
      let formatter = made.get(key) as F | undefined;
      if (formatter === undefined) {
        formatter = make(...args);
        made.set(key, formatter);
      }
      return formatter;
    };
  return {
    getNumberFormat: once(
      'number',
      (...args: ConstructorParameters<typeof Intl.NumberFormat>) => new Intl.NumberFormat(...args),
    ),
    getDateTimeFormat: once(
      'date',
      (...args: ConstructorParameters<typeof Intl.DateTimeFormat>) => new Intl.DateTimeFormat(...args),
    ),
    getPluralRules: once(
      'plural',
      (...args: ConstructorParameters<typeof Intl.PluralRules>) => new Intl.PluralRules(...args),
    ),
  };
}

/**
 * A function that formats the catalogue's messages in one language. A message missing from
 * `messages` (a text not yet translated) or one that does not parse is taken from `fallback`, the
 * default language's catalogue, so a visitor never sees a message id.
 */
export function createTranslator(locale: string, messages: Messages, fallback: Messages = messages) {
  const formats = new Map<string, Format | null>();
  const formatters = sharedFormatters();
  const formatOf = (id: string, text: string, lang: string): Format | null => {
    const cacheKey = `${lang}\u0000${id}`;
    let format = formats.get(cacheKey);
    if (format === undefined) {
      format = plainText(text) ?? compile(text, lang, formatters);
      formats.set(cacheKey, format);
    }
    return format;
  };
  return function translate(id: string, values?: MessageValues): string {
    const own = messages[id];
    const format = own === undefined ? null : formatOf(id, own, locale);
    if (format) return format(values);
    const backup = fallback[id];
    const backupFormat = backup === undefined ? null : formatOf(`fallback:${id}`, backup, locale);
    if (backupFormat) return backupFormat(values);
    return backup ?? own ?? id;
  };
}

type Format = (values?: MessageValues) => string;

/**
 * What means something to ICU MessageFormat: arguments, tags, a plural's `#`, and a doubled
 * apostrophe. A lone apostrophe quotes only before one of those, so "MSP's" is plain text.
 */
const ICU_SYNTAX = /[{}<>#]|''/;

/**
 * Most of a catalogue is plain sentences, which format to themselves. They skip IntlMessageFormat,
 * whose constructor parses the text: most of the time a slowed phone took to translate the landing
 * page's first render.
 */
function plainText(text: string): Format | null {
  return ICU_SYNTAX.test(text) ? null : () => text;
}

function compile(text: string, lang: string, formatters: Formatters): Format | null {
  try {
    const format = new IntlMessageFormat(text, lang, undefined, { formatters });
    return (values) => String(format.format(values as never));
  } catch {
    return null;
  }
}
export type Translate = ReturnType<typeof createTranslator>;
