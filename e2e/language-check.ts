import type { Page } from 'playwright-core';
import { BUILT_IN_CATALOGUES, EN_MESSAGES } from '../shared/src/i18n/catalog/index.js';

/**
 * The literal text of an ICU message outside its arguments ("Question {number} of {total}" gives
 * "Question" and "of"), the words a visitor would read if the English slipped through.
 */
export function literalParts(message: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of message) {
    if (char === '{') {
      if (depth === 0) parts.push(current);
      current = '';
      depth++;
    } else if (char === '}') {
      depth = Math.max(0, depth - 1);
    } else if (depth === 0) {
      current += char;
    }
  }
  parts.push(current);
  return parts.map((part) => part.trim());
}

/**
 * Every English string a page in `language` must not show: the literal parts, longer than three
 * characters, of each English message whose translation differs, and that the translation does not
 * itself contain ("Assessment" reads the same in German).
 */
export function englishLeftovers(language: string): string[] {
  const own = BUILT_IN_CATALOGUES[language] ?? {};
  const found = new Set<string>();
  for (const [id, english] of Object.entries(EN_MESSAGES)) {
    const translated = own[id];
    if (translated === undefined || translated === english) continue;
    for (const part of literalParts(english))
      if (part.length > 3 && !translated.includes(part)) found.add(part);
  }
  return [...found];
}

/**
 * What a visitor reads and hears on the page now: the text of the header and main landmark, the
 * accessible names given by aria-label inside them, and the document's title; less the text of the
 * elements `skip` selects.
 */
export function readableText(page: Page, skip?: string): Promise<string> {
  return page.evaluate((skip) => {
    const regions = [...document.querySelectorAll<HTMLElement>('header, main')];
    const skipped = skip
      ? [...document.querySelectorAll<HTMLElement>(skip)].map((element) => element.innerText)
      : [];
    const labels = regions.flatMap((region) =>
      [...region.querySelectorAll('[aria-label], [aria-valuetext]')].flatMap((element) => [
        element.getAttribute('aria-label') ?? '',
        element.getAttribute('aria-valuetext') ?? '',
      ]),
    );
    const text = [document.title, ...regions.map((region) => region.innerText), ...labels].join('\n');
    return skipped.reduce((rest, part) => rest.replace(part, ''), text);
  }, skip);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The strings of `forbidden` that the page shows, as whole words ("with" is not found in
 * "Without"), each with the text around it, for a failure message that says where.
 */
export async function shownOf(page: Page, forbidden: readonly string[], skip?: string): Promise<string[]> {
  const text = await readableText(page, skip);
  return forbidden.flatMap((string) => {
    const match = new RegExp(`(?<![\\p{L}\\p{N}])${escape(string)}(?![\\p{L}\\p{N}])`, 'u').exec(text);
    if (!match) return [];
    return [
      `${string} in "…${text.slice(Math.max(0, match.index - 40), match.index + string.length + 40)}…"`,
    ];
  });
}
