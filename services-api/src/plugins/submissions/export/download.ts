import type { Request, ResponseToolkit } from '@hapi/hapi';
import { addressesInBrief } from '@msp/shared';
import type { AppContext } from '../../../app-context.js';
import { recordAudit } from '../../../http/audit-trail.js';
import { requestLogger } from '../../../http/request-logger.js';
import { exportSubmissions, type ExportFile, type ExportFilter } from './export-service.js';
import type { ExportSlots } from './export-slots.js';

/** A Content-Disposition that saves the answer as `fileName`. */
export function attachment(fileName: string): string {
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
 * is sent or the client goes away), or the 429 that says every slot is taken. The admin's export
 * and the key API's both answer with it.
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
