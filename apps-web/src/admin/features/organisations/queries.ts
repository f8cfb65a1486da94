import {
  urlFor,
  type ApiClient,
  type ExportFormat,
  type OrganisationSort,
  type SortDirection,
} from '@msp/shared/browser';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { queryKey } from '../../../lib/query-keys.js';
import { useApi } from '../../../platform/platform-context.js';
import { useAdminQuery } from '../../api/admin-query.js';
import { savedFileToast, useAdminMutation } from '../../api/use-admin-mutation.js';

/** Rows per page of the list: the server's default page. */
export const ORGANISATIONS_PAGE_SIZE = 25;

/** The list's search and order, as the URL keeps them. */
export interface OrganisationOrder {
  search?: string;
  sort: OrganisationSort;
  direction: SortDirection;
}

const given = ({ search, sort, direction }: OrganisationOrder) => ({
  ...(search && { search }),
  sort,
  direction,
});

/** GET /api/admin/organisations: one page of the organisations in the chosen order. */
export const organisationsQuery = (api: ApiClient, page: number, order: OrganisationOrder) =>
  queryOptions({
    queryKey: queryKey('listOrganisations', { page, ...order }),
    queryFn: ({ signal }) =>
      api.call('listOrganisations', {
        query: { ...given(order), page, pageSize: ORGANISATIONS_PAGE_SIZE },
        signal,
      }),
  });

/** A page of the organisations; the last page stays on screen while the next one loads. */
export function useOrganisations(page: number, order: OrganisationOrder) {
  const api = useApi();
  return useAdminQuery({ ...organisationsQuery(api, page, order), placeholderData: keepPreviousData });
}

/** Members per page of an organisation's detail: the server's default page. */
const MEMBERS_PAGE_SIZE = 25;

/**
 * GET /api/admin/organisations/{domain}: one organisation with a page of its members, its spread
 * and history; the page on screen stays while the next one loads.
 */
export function useOrganisation(domain: string | null, membersPage = 1) {
  const api = useApi();
  return useAdminQuery({
    queryKey: queryKey('getOrganisation', { domain, membersPage }),
    queryFn: ({ signal }) =>
      api.call('getOrganisation', {
        params: { domain: domain! },
        query: { page: membersPage, pageSize: MEMBERS_PAGE_SIZE },
        signal,
      }),
    enabled: domain !== null,
    placeholderData: keepPreviousData,
  });
}

const MIME_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** `organisations-<YYYY-MM-DD>.<format>`, the name the server gives it. */
export function organisationsFileName(format: ExportFormat, now = new Date()): string {
  return `organisations-${now.toISOString().slice(0, 10)}.${format}`;
}

/**
 * GET /api/admin/organisations/export: every organisation the search finds, in the list's order,
 * saved through the host (a download in the browser, a save dialog on desktop). The server records
 * the export in the audit log.
 */
export function useExportOrganisations() {
  return useAdminMutation({
    call: ({ format, order }: { format: ExportFormat; order: OrganisationOrder }, { platform }) =>
      platform.saveFile({
        fileName: organisationsFileName(format),
        mimeType: MIME_TYPES[format],
        source: { apiPath: urlFor('exportOrganisations', undefined, { ...given(order), format }) },
      }),
    success: (saved) => savedFileToast(saved, 'Organisations exported.'),
    failure: 'Failed to export the organisations',
  });
}
