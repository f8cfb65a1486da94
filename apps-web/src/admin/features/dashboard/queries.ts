import { Intent } from '@blueprintjs/core';
import type { ApiClient, ContentDocument } from '@msp/shared/browser';
import { queryOptions } from '@tanstack/react-query';
import { hasStatus } from '../../../lib/api-errors.js';
import { queryKey } from '../../../lib/query-keys.js';
import { CURRENT_USER_KEY } from '../../../lib/use-auth-user.js';
import { useApi } from '../../../platform/platform-context.js';
import { useAdminQuery } from '../../api/admin-query.js';
import { savedFileToast, useAdminMutation } from '../../api/use-admin-mutation.js';

/**
 * Cache key of the dashboard counts: their path, as for every read. Pillar and question changes
 * invalidate it.
 */
export const STATS_KEY = queryKey('getAdminStats');

/** GET /api/admin/stats: active pillars, questions, demographic fields and submissions. */
export const statsQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: STATS_KEY,
    queryFn: ({ signal }) => api.call('getAdminStats', { signal }),
  });

/** The dashboard counts, fetched once the signed-in user is known to be an approved admin. */
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
  return useAdminMutation({
    call: async (_: void, { api, platform }) => {
      const document = await api.call('exportContent');
      return platform.saveFile({
        fileName: exportFileName(),
        mimeType: 'application/json',
        source: { data: contentFileText(document) },
      });
    },
    success: (saved) => savedFileToast(saved, 'Content exported'),
    failure: 'Failed to export content',
  });
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/**
 * POST /api/admin/content/import: replaces all content. Every cached read except the signed-in
 * user is refreshed, public pages included. A 400 is left to the dialog, which lists the problems.
 */
export function useImportContent({ onImported }: { onImported?: () => void } = {}) {
  return useAdminMutation({
    call: (body: ContentDocument, { api }) => api.call('importContent', { body }),
    invalidates: [{ predicate: (query) => query.queryKey[0] !== CURRENT_USER_KEY[0] }],
    success: ({ imported }) => ({
      title: 'Content imported',
      description:
        `${plural(imported.pillars, 'pillar')}, ${plural(imported.questions, 'question')}, ` +
        `${plural(imported.demographicFields, 'demographic field')}, ` +
        `${plural(imported.matrixCells, 'matrix cell')} and ${plural(imported.emailTemplates, 'email template')}.`,
      intent: Intent.SUCCESS,
    }),
    // A refused document: the dialog lists every problem the server found.
    failure: (error) => (hasStatus(error, 400) ? undefined : 'Failed to import content'),
    onSuccess: () => onImported?.(),
  });
}
