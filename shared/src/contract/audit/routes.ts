import { z } from 'zod';
import { defineRoute } from '../route.js';
import { auditEndpoints } from './endpoints.js';
import { AuditEventList, AuditExportQuery, AuditListQuery } from './schemas.js';

const AuditCsv = z.string().meta({ description: 'The matching records as CSV, newest first' });

const exampleEvent = {
  id: 1204,
  at: '2026-11-27T09:41:12.000Z',
  actor: { kind: 'user', id: 3, name: 'avery@northwind-it.example' },
  clientAddress: '203.0.113.7',
  action: 'question.update',
  target: { type: 'question', id: '12' },
  summary: { text: 'How do you patch servers?', isActive: true },
} as const;

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
    examples: {
      query: { action: 'question.update', page: 1, pageSize: 50 },
      response: {
        events: [exampleEvent],
        pagination: { page: 1, pageSize: 50, total: 1, totalPages: 1, totalCapped: false },
      },
    },
  }),
  v1ExportAuditEvents: defineRoute(auditEndpoints.v1ExportAuditEvents, {
    summary: EXPORT_SUMMARY,
    query: AuditExportQuery,
    response: AuditCsv,
    produces: ['text/csv'],
    examples: {
      query: { action: 'question.update', startDate: '2026-11-01' },
      response:
        'When (UTC),Who,Kind,Client address,Action,Target,Target id,Details\r\n' +
        '2026-11-27T09:41:12.000Z,avery@northwind-it.example,user,203.0.113.7,Edited a question,question,12,"{""isActive"":true}"\r\n',
    },
  }),
};
