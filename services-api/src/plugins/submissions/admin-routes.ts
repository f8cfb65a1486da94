import type { Request, ResponseToolkit, ServerRoute } from '@hapi/hapi';
import { addressesInBrief, submissionRoutes } from '@msp/shared';
import type { AppContext } from '../../app-context.js';
import { auditWriter, recordAudit } from '../../http/audit-trail.js';
import { refuseCrossSite } from '../../http/request-guards.js';
import { requestLogger } from '../../http/request-logger.js';
import { contractRoute, DELETED, fileRoute } from '../../http/route-adapter.js';
import {
  clearSubmissionAnalysis,
  deleteSubmission,
  getSubmissionDetail,
  listDomainEmails,
  listSubmissionDomains,
  listSubmissions,
  resendSubmissionWebhook,
} from './admin-submissions-service.js';
import { checkExport, exportSubmissions, type ExportFile, type ExportFilter } from './export-service.js';
import { forgetResultsEmails } from './follow-ups/email.js';
import type { ExportSlots } from './export-slots.js';
import {
  EMAIL_PREVIEW_CSP,
  previewSubmissionEmail,
  renderSubmissionEmail,
} from './follow-ups/email-content.js';

function attachment(fileName: string): string {
  return `attachment; filename="${fileName}"`;
}

/** An export streamed as a download; the admin's and the key API's exports answer alike. */
function exportFileResponse(h: ResponseToolkit, file: ExportFile) {
  return h
    .response(file.stream)
    .type(file.contentType)
    .header('Content-Disposition', attachment(file.fileName))
    .header('Cache-Control', 'no-store');
}

/**
 * An export's filter as the audit trail keeps it: the submitters it was limited to by how many
 * and their domains, never their addresses, which would outlive their erasure; left out when the
 * export was not limited to any.
 */
function auditedExportFilter({ submitterEmails, ...filter }: ExportFilter): Record<string, unknown> {
  const submitters = addressesInBrief(submitterEmails);
  return submitters === null ? filter : { ...filter, submitterEmails: submitters };
}

/**
 * The export of `filter` as a download, in one of the instance's export slots (held until the file
 * is sent or the client goes away), or the 429 that says every slot is taken.
 */
export async function exportDownload(
  { db, slots }: { db: AppContext['db']; slots: ExportSlots },
  filter: ExportFilter,
  request: Request,
  h: ResponseToolkit,
) {
  const file = await slots.run(() => exportSubmissions(db, filter, requestLogger(request)));
  await recordAudit(db, request, { summary: auditedExportFilter(filter) });
  return exportFileResponse(h, file);
}

/** The administrator's side of the submissions: find, read, export, delete, and their follow-ups. */
export function adminSubmissionRoutes(
  { db, config, jobs, mailer }: AppContext,
  slots: ExportSlots,
): ServerRoute[] {
  return [
    contractRoute(submissionRoutes.listSubmissions, ({ query }) => listSubmissions(db, query)),
    contractRoute(submissionRoutes.listSubmissionDomains, () => listSubmissionDomains(db)),
    contractRoute(submissionRoutes.listDomainEmails, ({ query }) => listDomainEmails(db, query.domain)),
    contractRoute(submissionRoutes.getSubmission, ({ params }) => getSubmissionDetail(db, params.id)),
    contractRoute(submissionRoutes.deleteSubmission, async ({ params, request }) => {
      await deleteSubmission(db, params.id, auditWriter(request, { targetId: params.id }));
      await forgetResultsEmails(mailer, [params.id]);
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
      previewSubmissionEmail(db, params.id, { publicUrl: config.publicUrl }),
    ),
    fileRoute(submissionRoutes.exportSubmissions, ({ query, request, h }) => {
      refuseCrossSite(request);
      return exportDownload({ db, slots }, query, request, h);
    }),
    contractRoute(submissionRoutes.checkSubmissionsExport, async ({ query }) => {
      const check = await checkExport(db, query);
      slots.refuseWhenFull();
      return check;
    }),
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
      const html = await renderSubmissionEmail(db, params.id, { publicUrl: config.publicUrl });
      return h
        .response(html)
        .type('text/html; charset=utf-8')
        .header('Content-Security-Policy', EMAIL_PREVIEW_CSP)
        .header('Cache-Control', 'no-store');
    }),
  ];
}
