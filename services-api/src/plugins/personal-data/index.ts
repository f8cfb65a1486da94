import type { Plugin, Request } from '@hapi/hapi';
import { personalDataFileName, personalDataRoutes } from '@msp/shared';
import type { AppContext } from '../../app-context.js';
import { auditWriter, recordAudit } from '../../http/audit-trail.js';
import { refuseCrossSite } from '../../http/request-guards.js';
import { requestLogger } from '../../http/request-logger.js';
import { contractRoute, fileRoute } from '../../http/route-adapter.js';
import {
  auditedPerson,
  deletePersonalData,
  exportPersonalData,
  findPersonalData,
} from './personal-data-service.js';
import { retentionHandler, scheduleRetentionAtStart } from './retention.js';

/**
 * One person's data by email address (find, export, erase) for the admin and the key API, and the
 * daily deletion of submissions past SUBMISSION_RETENTION_DAYS and of saved drafts past theirs.
 */
export const personalDataPlugin: Plugin<AppContext> = {
  name: 'personal-data',
  register(server, { db, config, jobs, logger, mailer, reports }) {
    const days = config.submissionRetentionDays;
    jobs.handle('retention', retentionHandler(db, { mailer, reports }, days, logger));
    // As the server starts, before its worker takes work. Also without a period for submissions:
    // the daily run deletes the saved drafts past theirs.
    server.ext('onPreStart', async () => {
      await scheduleRetentionAtStart(db, days);
    });

    const exportOne = async (email: string, request: Request) => {
      const document = await exportPersonalData(db, email);
      await recordAudit(db, request, {
        summary: { ...auditedPerson(email), submissions: document.submissions.length },
      });
      return document;
    };

    const erase = async (email: string, request: Request) => {
      const result = await deletePersonalData(db, { mailer, reports }, email, auditWriter(request));
      requestLogger(request).info({ deleted: result.deleted }, "A person's submissions deleted");
      return result;
    };

    server.route([
      contractRoute(personalDataRoutes.findPersonalData, ({ query }) => findPersonalData(db, query.email)),
      fileRoute(personalDataRoutes.exportPersonalData, async ({ query, request, h }) => {
        refuseCrossSite(request);
        const document = await exportOne(query.email, request);
        return h
          .response(JSON.stringify(document, null, 2))
          .type('application/json; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="${personalDataFileName(query.email)}"`)
          .header('Cache-Control', 'no-store');
      }),
      contractRoute(personalDataRoutes.deletePersonalData, ({ body, request }) => erase(body.email, request)),
      contractRoute(personalDataRoutes.v1ExportPersonalData, ({ query, request }) =>
        exportOne(query.email, request),
      ),
      contractRoute(personalDataRoutes.v1DeletePersonalData, ({ body, request }) =>
        erase(body.email, request),
      ),
    ]);
  },
};
