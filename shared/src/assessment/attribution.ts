/**
 * Where a submission came from: the campaign parameters of the address the visitor arrived at,
 * the referring site's host and the first path opened. The browser collects them (the public
 * bundle imports this file, so it holds no zod), the contract bounds them with the same limits.
 */

/** Each attribution value and the address parameter it is read from. */
export const ATTRIBUTION_PARAMS = {
  source: 'utm_source',
  medium: 'utm_medium',
  campaign: 'utm_campaign',
  term: 'utm_term',
  content: 'utm_content',
  ref: 'ref',
} as const;
export type AttributionParam = keyof typeof ATTRIBUTION_PARAMS;

/** The longest campaign value kept: UTM values are labels, and longer ones are abuse or mistakes. */
export const ATTRIBUTION_VALUE_MAX_LENGTH = 200;
/** The longest host name DNS allows. */
export const REFERRER_HOST_MAX_LENGTH = 253;
export const LANDING_PATH_MAX_LENGTH = 500;

/**
 * What a value may not hold: control and format characters, line and paragraph separators and
 * lone surrogates. They cannot be seen in a list cell or a CSV column, yet can break either.
 */
export const NON_PRINTABLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;
const NON_PRINTABLE_ALL = new RegExp(NON_PRINTABLE.source, 'gu');

/** A host name as a referrer gives it: letters, digits, dots and hyphens (IDN already punycoded). */
export const HOST_PATTERN = /^[a-z0-9.-]+(:[0-9]{1,5})?$/;

/**
 * A value as the browser keeps it: unprintable characters dropped, trimmed, cut to `max` (never
 * through a surrogate pair); null when nothing is left. A hand-made address then cannot make the
 * submission fail the server's checks.
 */
export function cleanAttributionValue(value: string | null | undefined, max: number): string | null {
  if (value == null) return null;
  let clean = value.replace(NON_PRINTABLE_ALL, '').trim().slice(0, max);
  if (/[\uD800-\uDBFF]$/.test(clean)) clean = clean.slice(0, -1);
  clean = clean.trim();
  return clean === '' ? null : clean;
}
