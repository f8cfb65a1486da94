import type { ReportPaper } from '../common.js';

/**
 * The regions that print on US Letter rather than A4 (CLDR's paper-size data): the United States,
 * Canada, Mexico, the Philippines and a few Central and South American countries.
 */
const LETTER_REGIONS: ReadonlySet<string> = new Set([
  'BZ',
  'CA',
  'CL',
  'CO',
  'CR',
  'GT',
  'MX',
  'NI',
  'PA',
  'PH',
  'PR',
  'SV',
  'US',
  'VE',
]);

/** The region of a BCP 47 tag ("US" of "en-US"), or undefined when it names none or does not parse. */
function regionOf(tag: string): string | undefined {
  try {
    return new Intl.Locale(tag).region;
  } catch {
    return undefined;
  }
}

/**
 * The paper of a reader's locale: the first of their languages (the browser's, or Accept-Language's
 * tags in order) that names a region decides, Letter for the Letter regions and A4 elsewhere.
 * Undefined when none names a region ("de", "en"): the results page then leaves `paper` out, and
 * the server falls back to the administrator's default.
 */
export function paperForLanguages(languages: readonly string[]): ReportPaper | undefined {
  for (const tag of languages) {
    const region = regionOf(tag);
    if (region) return LETTER_REGIONS.has(region.toUpperCase()) ? 'letter' : 'a4';
  }
  return undefined;
}
