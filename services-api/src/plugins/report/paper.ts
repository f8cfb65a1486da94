import type { Request } from '@hapi/hapi';
import { paperForLanguages, parseAcceptLanguage, type ReportPaper } from '@msp/shared';
import type { AppContext } from '../../app-context.js';
import { readSettings } from '../settings/settings-service.js';

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

/** The Accept-Language header, which decides the paper when none is asked for. */
function acceptLanguageOf(request: Request): string | undefined {
  const header: unknown = request.headers['accept-language'];
  return typeof header === 'string' ? header : undefined;
}

/** The paper of a report a request asks for: `asked`, else its reader's region's, else the setting. */
export function requestedPaper({ db, cache, config }: Pick<AppContext, 'db' | 'cache' | 'config'>) {
  return async (request: Request, asked: ReportPaper | undefined): Promise<ReportPaper> =>
    choosePaper(
      asked,
      acceptLanguageOf(request),
      (await readSettings(db, cache, config)).values.reportPaperSize,
    );
}
