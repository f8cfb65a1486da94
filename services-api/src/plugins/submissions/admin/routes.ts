import type { ServerRoute } from '@hapi/hapi';
import { submissionRoutes } from '@msp/shared';
import { readLanguageTexts } from '../../languages/languages-service.js';
import { readEmailBranding } from '../../branding/branding-service.js';
import type { AppContext } from '../../../app-context.js';
import { auditWriter, recordAudit } from '../../../http/audit-trail.js';
import { requestLogger } from '../../../http/request-logger.js';
import { contractRoute, DELETED, fileRoute } from '../../../http/route-adapter.js';
import {
  clearSubmissionAnalysis,
  deleteSubmission,
  getSubmissionDetail,
  listDomainEmails,
  listSubmissionDomains,
  listSubmissions,
  resendSubmissionWebhook,
} from './admin-submissions-service.js';
import { attachment } from '../export/download.js';
import { leadViewerOf } from '../../leads/lead-actor.js';
import { forgetSubmissionCopies } from '../follow-ups/email.js';
import {
  EMAIL_PREVIEW_CSP,
  previewSubmissionEmail,
  renderSubmissionEmail,
} from '../follow-ups/email-content.js';

/**
 * The administrator's side of the submissions: find, read, delete, one submission's file, and their
 * follow-ups (the exports of many are `export/`'s).
 */
export function adminSubmissionRoutes({
  db,
  cache,
  config,
  jobs,
  mailer,
  reports,
}: AppContext): ServerRoute[] {
  // The admin previews the email its visitor got: in the submission's language.
  const emailOptions = {
    publicUrl: config.publicUrl,
    texts: (language: string) => readLanguageTexts(db, cache, language),
    branding: () => readEmailBranding(db, cache, config),
  };
  return [
    contractRoute(submissionRoutes.listSubmissions, ({ query }) => listSubmissions(db, query)),
    contractRoute(submissionRoutes.listSubmissionDomains, () => listSubmissionDomains(db)),
    contractRoute(submissionRoutes.listDomainEmails, ({ query }) => listDomainEmails(db, query.domain)),
    contractRoute(submissionRoutes.getSubmission, ({ params, request }) =>
      getSubmissionDetail(db, params.id, leadViewerOf(request)),
    ),
    contractRoute(submissionRoutes.deleteSubmission, async ({ params, request }) => {
      await deleteSubmission(db, params.id, auditWriter(request, { targetId: params.id }));
      await forgetSubmissionCopies({ mailer, reports }, [params.id]);
      requestLogger(request).info({ submissionId: params.id }, 'Submission deleted');
      return DELETED;
    }),
    contractRoute(submissionRoutes.clearSubmissionAnalysis, async ({ params, request }) => {
      await clearSubmissionAnalysis(db, params.id, auditWriter(request, { targetId: params.id }));
      jobs.nudge();
      return { cleared: true as const };
    }),
    contractRoute(submissionRoutes.resendSubmissionWebhook, async ({ params, request }) => {
      const { deliveryId } = await resendSubmissionWebhook(
        db,
        params.id,
        config.webhook !== undefined,
        auditWriter(request, { targetId: params.id }),
      );
      jobs.nudge();
      requestLogger(request).info({ submissionId: params.id, deliveryId }, 'Webhook re-send queued');
      return { queued: true as const, deliveryId };
    }),
    contractRoute(submissionRoutes.getSubmissionEmailPreview, ({ params }) =>
      previewSubmissionEmail(db, params.id, emailOptions),
    ),
    fileRoute(submissionRoutes.exportSubmission, async ({ params, request, h }) => {
      const detail = await getSubmissionDetail(db, params.id);
      await recordAudit(db, request, { targetId: detail.submission.id });
      return h
        .response(JSON.stringify(detail, null, 2))
        .type('application/json; charset=utf-8')
        .header('Content-Disposition', attachment(`submission-${detail.submission.id}.json`))
        .header('Cache-Control', 'no-store');
    }),
    fileRoute(submissionRoutes.previewSubmissionEmail, async ({ params, h }) => {
      const html = await renderSubmissionEmail(db, params.id, emailOptions);
      return h
        .response(html)
        .type('text/html; charset=utf-8')
        .header('Content-Security-Policy', EMAIL_PREVIEW_CSP)
        .header('Cache-Control', 'no-store');
    }),
  ];
}
