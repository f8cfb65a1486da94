import { Intent } from '@blueprintjs/core';
import { useToast } from '../../../lib/toasts.js';
import type { SaveFileProgress } from '../../../platform/platform.js';
import { savedFileToast, useAdminMutation } from '../../api/use-admin-mutation.js';
import { EXPORT_MIME_TYPES, exportApiPath, exportFileName, type ExportFormValues } from './export-form.js';

/** The export's one toast: started, then saved. */
const EXPORT_TOAST_ID = 'submissions-export';
const EXPORT_STARTED = 'Filtered export started for the domain.';

export interface ExportRequest {
  values: ExportFormValues;
  onProgress?: (progress: SaveFileProgress) => void;
  /** Cancel in the dialog aborts the download. */
  signal?: AbortSignal;
}

/**
 * GET /api/admin/submissions/export/csv for one domain, streamed through the host into a file
 * (spec 2, 7): says "Filtered export started for the domain." as it starts, and adds where the
 * file went. A cancelled save just ends.
 */
export function useExportSubmissions() {
  const { show, dismiss } = useToast();
  return useAdminMutation({
    call: ({ values, onProgress, signal }: ExportRequest, { platform }) =>
      platform.saveFile({
        fileName: exportFileName(values.domain, values.format),
        mimeType: EXPORT_MIME_TYPES[values.format],
        source: { apiPath: exportApiPath(values) },
        onProgress,
        signal,
      }),
    onMutate: ({ values }) => {
      show({
        id: EXPORT_TOAST_ID,
        title: EXPORT_STARTED,
        description: `${values.domain}: preparing the file…`,
        intent: Intent.PRIMARY,
      });
    },
    // The same toast and title (a small export is done before the first could be read), now
    // saying where the file is.
    success: (saved) => savedFileToast(saved, EXPORT_STARTED, { id: EXPORT_TOAST_ID }),
    failure: 'Failed to export submissions',
    onSuccess: (saved) => {
      if (saved.status !== 'saved') dismiss(EXPORT_TOAST_ID);
    },
  });
}
