import { Intent } from '@blueprintjs/core';
import { hasStatus } from '../../../lib/api-errors.js';
import type { SaveFileProgress, SaveFileResult } from '../../../platform/platform.js';
import { savedFileToast, useAdminMutation } from '../../api/use-admin-mutation.js';
import {
  EXPORT_MIME_TYPES,
  exportApiPath,
  exportFileName,
  isAllDomains,
  toExportQuery,
  type ExportFormValues,
} from './export-form.js';
import type { AttributionValues } from './use-submissions-filters.js';

/**
 * The success toast. The earlier "Filtered export started for the domain." was shown as the download
 * began; it now comes once the file is saved (issue 19), so it says saved.
 */
const EXPORT_DONE = 'Filtered export saved for the domain.';
const EXPORT_ALL_DONE = 'Filtered export saved for all domains.';
/** The earlier words, for a browser's download manager that saves the file after the toast. */
const EXPORT_STARTED = 'Filtered export started for the domain.';
const EXPORT_ALL_STARTED = 'Filtered export started for all domains.';

export interface ExportRequest {
  values: ExportFormValues;
  /** The list's attribution filters, which the export keeps. */
  attribution: Partial<AttributionValues>;
  onProgress?: (progress: SaveFileProgress) => void;
  /** Cancel in the dialog aborts the download. */
  signal?: AbortSignal;
}

/** The server's answer to a filter that matches no submission (it sends no file). */
export function isNothingToExport(error: unknown): boolean {
  return hasStatus(error, 404);
}

/** The server's answer while it runs as many exports as it allows at once (429, Retry-After). */
export function isExportBusy(error: unknown): boolean {
  return hasStatus(error, 429);
}

/** The toast of a download the host took: saved (desktop, with where), or started in a browser. */
function exportToast(saved: SaveFileResult, values: ExportFormValues) {
  const all = isAllDomains(values);
  if (saved.status === 'started') {
    return {
      title: all ? EXPORT_ALL_STARTED : EXPORT_STARTED,
      description: `Your browser is saving ${saved.fileName}; its downloads show the progress.`,
      intent: Intent.SUCCESS,
    };
  }
  return savedFileToast(saved, all ? EXPORT_ALL_DONE : EXPORT_DONE);
}

/**
 * GET /api/admin/submissions/export/csv for one domain or all, streamed through the host into a
 * file. The server is asked first (GET …/export/check) whether the export would start,
 * so a filter that matches nothing, or a server already running its two exports, is said in the
 * dialog; then a browser hands the download to its download manager, which streams it to disk,
 * and the desktop client writes it to disk with the dialog's progress, its toast saying where it
 * went. A cancelled save just ends.
 */
export function useExportSubmissions() {
  return useAdminMutation({
    call: async ({ values, attribution, onProgress, signal }: ExportRequest, { api, platform }) => {
      await api.call('checkSubmissionsExport', { query: toExportQuery(values, attribution), signal });
      return platform.saveFile({
        fileName: exportFileName(values.domain, values.format),
        mimeType: EXPORT_MIME_TYPES[values.format],
        source: { apiPath: exportApiPath(values, attribution), checked: true },
        onProgress,
        signal,
      });
    },
    success: (saved, { values }) => exportToast(saved, values),
    failure: (error) =>
      isNothingToExport(error) || isExportBusy(error) ? undefined : 'Failed to export submissions',
  });
}
