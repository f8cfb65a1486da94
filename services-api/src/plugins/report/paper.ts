import { parseAcceptLanguage, type ReportPaper } from '@msp/shared';

/**
 * The regions whose paper is US Letter (CLDR's paper-size data): the Americas that kept it and the
 * Philippines. Everywhere else prints on A4.
 */
const LETTER_REGIONS = new Set([
  'US',
  'CA',
  'MX',
  'PH',
  'BZ',
  'CL',
  'CO',
  'CR',
  'GT',
  'NI',
  'PA',
  'PR',
  'SV',
  'VE',
]);

/** The region of the first Accept-Language tag that names one ("en-US" → US), or null. */
export function regionOf(acceptLanguage: string | undefined | null): string | null {
  for (const tag of parseAcceptLanguage(acceptLanguage)) {
    try {
      const region = new Intl.Locale(tag).region;
      if (region) return region.toUpperCase();
    } catch {
      // A tag Intl cannot read names no region.
    }
  }
  return null;
}

/**
 * The paper a report is laid out on: the one asked for, else the one the reader's region uses
 * (from Accept-Language), else the administrator's default.
 */
export function choosePaper(
  asked: ReportPaper | undefined,
  acceptLanguage: string | undefined | null,
  defaultPaper: string,
): ReportPaper {
  if (asked) return asked;
  const region = regionOf(acceptLanguage);
  if (region) return LETTER_REGIONS.has(region) ? 'letter' : 'a4';
  return defaultPaper === 'letter' ? 'letter' : 'a4';
}
