import { z } from 'zod';
import { defineRoute } from '../route.js';
import { auditEndpoints } from './endpoints.js';
import { AuditEventList, AuditExportQuery, AuditListQuery } from './schemas.js';

const AuditCsv = z.string().meta({ description: 'The matching records as CSV, newest first' });

const LIST_SUMMARY = 'Audit records of changes and exports, newest first, a page at a time';
const EXPORT_SUMMARY = 'Every audit record matching the filters as a CSV file, streamed';

/** The audit trail, read-only: no route edits or deletes a record. */
export const auditRoutes = {
  listAuditEvents: defineRoute(auditEndpoints.listAuditEvents, {
    summary: LIST_SUMMARY,
    query: AuditListQuery,
    response: AuditEventList,
  }),
  exportAuditEvents: defineRoute(auditEndpoints.exportAuditEvents, {
    summary: EXPORT_SUMMARY,
    query: AuditExportQuery,
    response: AuditCsv,
    produces: ['text/csv'],
  }),
  v1ListAuditEvents: defineRoute(auditEndpoints.v1ListAuditEvents, {
    summary: LIST_SUMMARY,
    query: AuditListQuery,
    response: AuditEventList,
  }),
  v1ExportAuditEvents: defineRoute(auditEndpoints.v1ExportAuditEvents, {
    summary: EXPORT_SUMMARY,
    query: AuditExportQuery,
    response: AuditCsv,
    produces: ['text/csv'],
  }),
};
