import { paperForLanguages, parseAcceptLanguage, type ReportPaper } from '@msp/shared';

/**
 * The paper a report is laid out on: the one asked for, else the one the reader's region uses
 * (from Accept-Language, by the same rule the results page applies to the browser's languages),
 * else the administrator's default.
 */
export function choosePaper(
  asked: ReportPaper | undefined,
  acceptLanguage: string | undefined | null,
  defaultPaper: string,
): ReportPaper {
  return (
    asked ??
    paperForLanguages(parseAcceptLanguage(acceptLanguage)) ??
    (defaultPaper === 'letter' ? 'letter' : 'a4')
  );
}
