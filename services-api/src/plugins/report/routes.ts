import type { Request, ServerRoute } from '@hapi/hapi';
import { submissionRoutes, type ReportPaper } from '@msp/shared';
import type { AppContext } from '../../app-context.js';
import { recordAudit } from '../../http/audit-trail.js';
import { fileRoute, PERSONAL_DATA } from '../../http/route-adapter.js';
import { requireSubmission } from '../submissions/submission-reads.js';
import { requestedPaper } from './paper.js';
import { pdfResponse } from './report-file.js';
import type { ReportService } from './report-service.js';

/**
 * The PDF report of a submission: the visitor's (as public as their results page, in its
 * language), the administrator's and the key API's (in the submission's language, recorded as an
 * export of one submission).
 */
export function reportRoutes(ctx: AppContext, reports: ReportService): ServerRoute[] {
  const { db } = ctx;
  const paperFor = requestedPaper(ctx);

  const adminReport = async (request: Request, id: string, asked: ReportPaper | undefined) => {
    const submission = await requireSubmission(db, id);
    return reports.render(submission, {
      language: submission.language,
      paper: await paperFor(request, asked),
    });
  };

  return [
    fileRoute(
      submissionRoutes.getResultsReport,
      async ({ params, query, request, h }) => {
        const submission = await requireSubmission(db, params.submissionId);
        const report = await reports.render(submission, {
          language: query.lang ?? submission.language,
          paper: await paperFor(request, query.paper),
        });
        return pdfResponse(h, report);
      },
      { options: PERSONAL_DATA },
    ),
    fileRoute(submissionRoutes.getSubmissionReport, async ({ params, query, request, h }) => {
      const report = await adminReport(request, params.id, query.paper);
      await recordAudit(db, request, { targetId: params.id, summary: { format: 'pdf' } });
      return pdfResponse(h, report);
    }),
    fileRoute(submissionRoutes.v1GetSubmissionReport, async ({ params, query, request, h }) => {
      const report = await adminReport(request, params.id, query.paper);
      await recordAudit(db, request, { targetId: params.id, summary: { format: 'pdf' } });
      return pdfResponse(h, report);
    }),
  ];
}
