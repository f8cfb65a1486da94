import { Intent } from '@blueprintjs/core';
import type { SaveFileProgress } from '../../../platform/platform.js';
import { usePlatform } from '../../../platform/platform-context.js';
import { useToast } from '../../../lib/toasts.js';
import { useAdminMutation } from '../../api/admin-query.js';
import { useErrorToast } from '../../api/use-error-toast.js';
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
  const platform = usePlatform();
  const { show, dismiss } = useToast();
  const toastError = useErrorToast();
  return useAdminMutation({
    mutationFn: ({ values, onProgress, signal }: ExportRequest) =>
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
    onSuccess: (saved) => {
      if (saved.status !== 'saved') {
        dismiss(EXPORT_TOAST_ID);
        return;
      }
      // The same toast and title (a small export is done before the first could be read), now
      // saying where the file is.
      show({
        id: EXPORT_TOAST_ID,
        title: EXPORT_STARTED,
        description: `Saved as ${saved.fileName}`,
        intent: Intent.SUCCESS,
        action: saved.showInFolder && { text: 'Show in folder', onClick: saved.showInFolder },
      });
    },
    onError: (error) => toastError(error, 'Failed to export submissions'),
  });
}
