import type { Request, ResponseToolkit, ServerRoute } from '@hapi/hapi';
import { submissionRoutes } from '@msp/shared';
import type { AppContext } from '../../app-context.js';
import { recordAudit } from '../../http/audit-trail.js';
import { fileRoute, PERSONAL_DATA } from '../../http/route-adapter.js';
import { readSettings } from '../settings/settings-service.js';
import { requireSubmission } from '../submissions/submission-reads.js';
import { choosePaper } from './paper.js';
import type { RenderedReport, ReportService } from './report-service.js';

/** The Accept-Language header, which decides the paper when none is asked for. */
function acceptLanguageOf(request: Request): string | undefined {
  const header: unknown = request.headers['accept-language'];
  return typeof header === 'string' ? header : undefined;
}

function pdfResponse(h: ResponseToolkit, report: RenderedReport) {
  return h
    .response(report.pdf)
    .type('application/pdf')
    .header('Content-Disposition', report.disposition)
    .header('Cache-Control', 'no-store');
}

/**
 * The PDF report of a submission: the visitor's (as public as their results page, in its
 * language), the administrator's and the key API's (in the submission's language, recorded as an
 * export of one submission).
 */
export function reportRoutes({ db, cache, config }: AppContext, reports: ReportService): ServerRoute[] {
  const paperFor = async (asked: 'a4' | 'letter' | undefined, acceptLanguage: string | undefined) =>
    choosePaper(asked, acceptLanguage, (await readSettings(db, cache, config)).values.reportPaperSize);

  const adminReport = async (
    id: string,
    asked: 'a4' | 'letter' | undefined,
    acceptLanguage: string | undefined,
  ) => {
    const submission = await requireSubmission(db, id);
    return reports.render(submission, {
      language: submission.language,
      paper: await paperFor(asked, acceptLanguage),
    });
  };

  return [
    fileRoute(
      submissionRoutes.getResultsReport,
      async ({ params, query, request, h }) => {
        const submission = await requireSubmission(db, params.submissionId);
        const report = await reports.render(submission, {
          language: query.lang ?? submission.language,
          paper: await paperFor(query.paper, acceptLanguageOf(request)),
        });
        return pdfResponse(h, report);
      },
      { options: PERSONAL_DATA },
    ),
    fileRoute(submissionRoutes.getSubmissionReport, async ({ params, query, request, h }) => {
      const report = await adminReport(params.id, query.paper, acceptLanguageOf(request));
      await recordAudit(db, request, { targetId: params.id, summary: { format: 'pdf' } });
      return pdfResponse(h, report);
    }),
    fileRoute(submissionRoutes.v1GetSubmissionReport, async ({ params, query, request, h }) => {
      const report = await adminReport(params.id, query.paper, acceptLanguageOf(request));
      await recordAudit(db, request, { targetId: params.id, summary: { format: 'pdf' } });
      return pdfResponse(h, report);
    }),
  ];
}
