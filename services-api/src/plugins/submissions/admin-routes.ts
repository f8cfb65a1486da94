import type { ServerRoute } from '@hapi/hapi';
import { analyticsRoutes, submissionRoutes } from '@msp/shared';
import type { AppContext } from '../../app-context.js';
import { contractRoute, fileRoute } from '../../http/route-adapter.js';
import {
  clearSubmissionAnalysis,
  deleteSubmission,
  getSubmissionDetail,
  listDomainEmails,
  listSubmissionDomains,
  listSubmissions,
  resendSubmissionWebhook,
} from './admin-submissions-service.js';
import { analytics } from './analytics-service.js';
import { EMAIL_PREVIEW_CSP, renderSubmissionEmail } from './email-preview.js';
import { exportSubmissions } from './export-service.js';

function attachment(fileName: string): string {
  return `attachment; filename="${fileName}"`;
}

/** The administrator's side of the submissions: find, read, export, delete; and the analytics. */
export function adminSubmissionRoutes({ db, config, jobs }: AppContext): ServerRoute[] {
  const extras = { validateResponses: config.validateResponses };
  return [
    contractRoute(submissionRoutes.listSubmissions, ({ query }) => listSubmissions(db, query), extras),
    contractRoute(submissionRoutes.listSubmissionDomains, () => listSubmissionDomains(db), extras),
    contractRoute(
      submissionRoutes.listDomainEmails,
      ({ query }) => listDomainEmails(db, query.domain),
      extras,
    ),
    contractRoute(submissionRoutes.getSubmission, ({ params }) => getSubmissionDetail(db, params.id), extras),
    contractRoute(
      submissionRoutes.deleteSubmission,
      async ({ params, request }) => {
        await deleteSubmission(db, params.id);
        request.logger.info({ submissionId: params.id }, 'Submission deleted');
        return { deleted: true as const };
      },
      extras,
    ),
    contractRoute(
      submissionRoutes.clearSubmissionAnalysis,
      async ({ params }) => {
        await clearSubmissionAnalysis(db, params.id);
        jobs.nudge();
        return { cleared: true as const };
      },
      extras,
    ),
    contractRoute(
      submissionRoutes.resendSubmissionWebhook,
      async ({ params, request }) => {
        const { deliveryId } = await resendSubmissionWebhook(db, params.id, config.webhook !== undefined);
        jobs.nudge();
        request.logger.info({ submissionId: params.id, deliveryId }, 'Webhook re-send queued');
        return { queued: true as const, deliveryId };
      },
      extras,
    ),
    contractRoute(analyticsRoutes.getAnalytics, () => analytics(db), extras),
    fileRoute(submissionRoutes.exportSubmissions, async ({ query, request, h }) => {
      const file = await exportSubmissions(db, query, request.logger);
      return h
        .response(file.stream)
        .type(file.contentType)
        .header('Content-Disposition', attachment(file.fileName))
        .header('Cache-Control', 'no-store');
    }),
    fileRoute(submissionRoutes.exportSubmission, async ({ params, h }) => {
      const detail = await getSubmissionDetail(db, params.id);
      return h
        .response(JSON.stringify(detail, null, 2))
        .type('application/json; charset=utf-8')
        .header('Content-Disposition', attachment(`submission-${detail.submission.id}.json`))
        .header('Cache-Control', 'no-store');
    }),
    fileRoute(submissionRoutes.previewSubmissionEmail, async ({ params, h }) => {
      const html = await renderSubmissionEmail(db, params.id, { publicUrl: config.publicUrl });
      return h
        .response(html)
        .type('text/html; charset=utf-8')
        .header('Content-Security-Policy', EMAIL_PREVIEW_CSP)
        .header('Cache-Control', 'no-store');
    }),
  ];
}
