/**
 * Which of the offered languages a visitor gets. The order of the issue: an explicit `?lang=`, then
 * the visitor's earlier choice, then the browser's Accept-Language, then the default. Each candidate
 * falls back from its region to its language ("de-AT" finds "de") and, for a bare language, finds
 * a regional one that is offered ("de" finds "de-CH" when only that is).
 */

/** Accept-Language's tags, most wanted first; `*` and malformed entries are left out. */
export function parseAcceptLanguage(header: string | undefined | null): string[] {
  if (!header) return [];
  const entries: { tag: string; q: number; index: number }[] = [];
  for (const [index, part] of header.split(',').slice(0, 32).entries()) {
    const [rawTag, ...params] = part.trim().split(';');
    const tag = rawTag?.trim() ?? '';
    if (!/^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(tag)) continue;
    let q = 1;
    for (const param of params) {
      const match = /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(param);
      if (match) q = Number(match[1]);
    }
    if (!Number.isFinite(q) || q <= 0) continue;
    entries.push({ tag, q, index });
  }
  return entries.sort((a, b) => b.q - a.q || a.index - b.index).map((entry) => entry.tag);
}

/** The offered tag one wanted tag finds, or undefined: exact, then by dropping subtags, then a sibling region. */
export function matchLanguage(wanted: string, offered: readonly string[]): string | undefined {
  const lower = new Map(offered.map((tag) => [tag.toLowerCase(), tag]));
  const parts = wanted.toLowerCase().split('-');
  for (let length = parts.length; length > 0; length--) {
    const found = lower.get(parts.slice(0, length).join('-'));
    if (found) return found;
  }
  const base = parts[0];
  return offered.find((tag) => tag.toLowerCase().split('-')[0] === base);
}

export interface LanguageChoice {
  /** `?lang=` of the request. */
  query?: string | null;
  /** The visitor's earlier choice (the language cookie). */
  saved?: string | null;
  acceptLanguage?: string | null;
}

/** The language to show, one of `offered`; `fallback` (the default language) when nothing matches. */
export function negotiateLanguage(
  choice: LanguageChoice,
  offered: readonly string[],
  fallback: string,
): string {
  for (const explicit of [choice.query, choice.saved]) {
    if (!explicit) continue;
    const found = matchLanguage(explicit, offered);
    if (found) return found;
  }
  for (const wanted of parseAcceptLanguage(choice.acceptLanguage)) {
    const found = matchLanguage(wanted, offered);
    if (found) return found;
  }
  return fallback;
}

/** The cookie that keeps a visitor's choice of language: a preference, nothing that identifies them. */
export const LANGUAGE_COOKIE = 'msp_lang';
