import { urlFor, type ApiClient, type DraftExportQuery } from '@msp/shared/browser';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { queryKey } from '../../../lib/query-keys.js';
import { useApi } from '../../../platform/platform-context.js';
import { useAdminQuery } from '../../api/admin-query.js';
import { savedFileToast, useAdminMutation } from '../../api/use-admin-mutation.js';

/** Rows per page of the list: the server's default page. */
export const DRAFTS_PAGE_SIZE = 25;

/** The filters of the screen, as the URL keeps them; empty ones are left out. */
export interface DraftFilters {
  search?: string;
  language?: string;
  startDate?: string;
  endDate?: string;
}

const given = (filters: DraftFilters) =>
  Object.fromEntries(Object.entries(filters).filter(([, value]) => value)) as DraftExportQuery;

/** GET /api/admin/drafts: one page of the saved drafts, newest activity first. */
export const draftsQuery = (api: ApiClient, page: number, filters: DraftFilters) =>
  queryOptions({
    queryKey: queryKey('listDrafts', { page, ...filters }),
    queryFn: ({ signal }) =>
      api.call('listDrafts', { query: { ...given(filters), page, pageSize: DRAFTS_PAGE_SIZE }, signal }),
  });

/**
 * A page of the drafts; the last page stays on screen (marked as placeholder data) while the next
 * page or search loads, so paging never blanks the list.
 */
export function useDrafts(page: number, filters: DraftFilters) {
  const api = useApi();
  return useAdminQuery({ ...draftsQuery(api, page, filters), placeholderData: keepPreviousData });
}

/** `saved-drafts-<YYYY-MM-DD>.csv`, the name the server gives it. */
export function draftsFileName(now = new Date()): string {
  return `saved-drafts-${now.toISOString().slice(0, 10)}.csv`;
}

/**
 * GET /api/admin/drafts/export/csv: every draft matching the filters, saved through the host (a
 * download in the browser, a save dialog on desktop). The server records the export in the audit
 * log, which is read fresh whenever it is opened.
 */
export function useExportDrafts() {
  return useAdminMutation({
    call: (filters: DraftFilters, { platform }) =>
      platform.saveFile({
        fileName: draftsFileName(),
        mimeType: 'text/csv',
        source: { apiPath: urlFor('exportDrafts', undefined, given(filters)) },
      }),
    success: (saved) => savedFileToast(saved, 'Saved drafts exported.'),
    failure: 'Failed to export the saved drafts',
  });
}
