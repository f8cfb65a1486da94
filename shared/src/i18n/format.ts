import { IntlMessageFormat } from 'intl-messageformat';

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

/** A node of a parsed message, as much of it as the argument walk reads. */
interface MessageNode {
  type: number;
  value?: unknown;
  options?: Record<string, { value: MessageNode[] }>;
  children?: MessageNode[];
}

/** intl-messageformat's node types that name an argument: plain, number, date, time, select, plural. */
const ARGUMENT_TYPES = new Set([1, 2, 3, 4, 5, 6]);
const TAG_TYPE = 8;

/**
 * The argument names a message uses ({name}, {count, plural, …}), to check a translation keeps
 * them. Read from the parsed message, so text inside a plural's or select's branches ("one
 * {trails}") is text, not an argument; a message that does not parse has none.
 */
export function messageArguments(text: string): string[] {
  let ast: MessageNode[];
  try {
    ast = new IntlMessageFormat(text, 'en').getAst() as unknown as MessageNode[];
  } catch {
    return [];
  }
  const names = new Set<string>();
  const walk = (nodes: readonly MessageNode[]) => {
    for (const node of nodes) {
      if (ARGUMENT_TYPES.has(node.type) && typeof node.value === 'string') names.add(node.value);
      if (node.type === TAG_TYPE && node.children) walk(node.children);
      for (const option of Object.values(node.options ?? {})) walk(option.value);
    }
  };
  walk(ast);
  return [...names].sort();
}

/**
 * A function that formats the catalogue's messages in one language. A message missing from
 * `messages` (a text not yet translated) or one that does not parse is taken from `fallback`, the
 * default language's catalogue, so a visitor never sees a message id.
 */
export function createTranslator(locale: string, messages: Messages, fallback: Messages = messages) {
  const formats = new Map<string, IntlMessageFormat | null>();
  const formatOf = (id: string, text: string, lang: string) => {
    const cacheKey = `${lang}\u0000${id}`;
    let format = formats.get(cacheKey);
    if (format === undefined) {
      try {
        format = new IntlMessageFormat(text, lang);
      } catch {
        format = null;
      }
      formats.set(cacheKey, format);
    }
    return format;
  };
  return function translate(id: string, values?: MessageValues): string {
    const own = messages[id];
    const format = own === undefined ? null : formatOf(id, own, locale);
    if (format) return String(format.format(values as never));
    const backup = fallback[id];
    const backupFormat = backup === undefined ? null : formatOf(`fallback:${id}`, backup, locale);
    if (backupFormat) return String(backupFormat.format(values as never));
    return backup ?? own ?? id;
  };
}
export type Translate = ReturnType<typeof createTranslator>;
