import { Intent } from '@blueprintjs/core';
import { endpoints, type ApiClient, type ContentDocument } from '@msp/shared/browser';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useApi, usePlatform } from '../../../platform/platform-context.js';
import { useToast } from '../../../lib/toasts.js';
import { useErrorToast } from '../../api/use-error-toast.js';
import { useAdminMutation, useAdminQuery } from '../../api/admin-query.js';
import { hasStatus } from '../../../lib/api-errors.js';
import { CURRENT_USER_KEY } from '../../../lib/use-auth-user.js';

/** Cache key of the dashboard counts: their path (spec 7). Pillar and question changes invalidate it. */
export const STATS_KEY = [endpoints.getAdminStats.path] as const;

/** GET /api/admin/stats: active pillars, questions, demographic fields and submissions. */
export const statsQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: STATS_KEY,
    queryFn: ({ signal }) => api.call('getAdminStats', { signal }),
  });

/** The dashboard counts, fetched once the signed-in user is known to be an approved admin (spec 7). */
export function useAdminStats() {
  const api = useApi();
  return useAdminQuery(statsQuery(api));
}

/** "msp-maturity-content-2026-03-04.json", by the viewer's calendar. */
export function exportFileName(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `msp-maturity-content-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.json`;
}

/** The export as people read it: pretty-printed JSON with a final newline. */
export function contentFileText(document: unknown): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

/**
 * GET /api/admin/content/export, saved as a dated JSON file through the host (a download in the
 * browser, a save dialog on desktop). A save the user cancels says nothing.
 */
export function useExportContent() {
  const api = useApi();
  const platform = usePlatform();
  const { show } = useToast();
  const toastError = useErrorToast();
  return useAdminMutation({
    mutationFn: async () => {
      const document = await api.call('exportContent');
      return platform.saveFile({
        fileName: exportFileName(),
        mimeType: 'application/json',
        source: { data: contentFileText(document) },
      });
    },
    onSuccess: (saved) => {
      if (saved.status !== 'saved') return;
      show({
        title: 'Content exported',
        description: `Saved as ${saved.fileName}`,
        intent: Intent.SUCCESS,
        action: saved.showInFolder && { text: 'Show in folder', onClick: saved.showInFolder },
      });
    },
    onError: (error) => toastError(error, 'Failed to export content'),
  });
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/**
 * POST /api/admin/content/import: replaces all content. Every cached read except the signed-in
 * user is refreshed, public pages included. A 400 is left to the dialog, which lists the problems.
 */
export function useImportContent({ onImported }: { onImported?: () => void } = {}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { show } = useToast();
  const toastError = useErrorToast();
  return useAdminMutation({
    mutationFn: (body: ContentDocument) => api.call('importContent', { body }),
    onSuccess: async ({ imported }) => {
      await queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] !== CURRENT_USER_KEY[0],
      });
      show({
        title: 'Content imported',
        description:
          `${plural(imported.pillars, 'pillar')}, ${plural(imported.questions, 'question')}, ` +
          `${plural(imported.demographicFields, 'demographic field')}, ` +
          `${plural(imported.matrixCells, 'matrix cell')} and ${plural(imported.emailTemplates, 'email template')}.`,
        intent: Intent.SUCCESS,
      });
      onImported?.();
    },
    onError: (error) => {
      // A refused document: the dialog lists every problem the server found.
      if (hasStatus(error, 400)) return;
      toastError(error, 'Failed to import content');
    },
  });
}
