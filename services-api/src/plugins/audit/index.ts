import type { Plugin, Request, ResponseToolkit } from '@hapi/hapi';
import { auditRoutes } from '@msp/shared';
import type { AppContext } from '../../app-context.js';
import { recordAudit } from '../../http/audit-trail.js';
import { contractRoute, fileRoute } from '../../http/route-adapter.js';
import { auditCsv, auditFileName, listAuditEvents, type AuditExportFilter } from './audit-service.js';

/**
 * The audit trail, read-only: the admin's Audit Log screen and admin keys list and export it.
 * Nothing here (or anywhere in the product) edits or deletes a record.
 */
export const auditPlugin: Plugin<AppContext> = {
  name: 'audit',
  register(server, { db }) {
    const exportCsv = async (query: AuditExportFilter, request: Request, h: ResponseToolkit) => {
      // An export of the log is itself recorded, with the filters it used.
      await recordAudit(db, request, { summary: { ...query } });
      return h
        .response(auditCsv(db, query))
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${auditFileName()}"`)
        .header('Cache-Control', 'no-store');
    };
    server.route([
      contractRoute(auditRoutes.listAuditEvents, ({ query }) => listAuditEvents(db, query)),
      contractRoute(auditRoutes.v1ListAuditEvents, ({ query }) => listAuditEvents(db, query)),
      fileRoute(auditRoutes.exportAuditEvents, ({ query, request, h }) => exportCsv(query, request, h)),
      fileRoute(auditRoutes.v1ExportAuditEvents, ({ query, request, h }) => exportCsv(query, request, h)),
    ]);
  },
};
