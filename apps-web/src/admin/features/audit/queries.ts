import { urlFor, type ApiClient, type AuditListQuery } from '@msp/shared/browser';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { queryKey } from '../../../lib/query-keys.js';
import { useApi } from '../../../platform/platform-context.js';
import { useAdminQuery } from '../../api/admin-query.js';
import { savedFileToast, useAdminMutation } from '../../api/use-admin-mutation.js';

export const AUDIT_PAGE_SIZE = 50;

/** The filters of the screen, as the URL keeps them; empty ones are left out. */
export interface AuditFilters {
  actor?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
  startDate?: string;
  endDate?: string;
}

/** Prefix of every cached page of the log: any change anywhere in the product adds to it. */
export const AUDIT_KEY = queryKey('listAuditEvents');

const given = (filters: AuditFilters) =>
  Object.fromEntries(Object.entries(filters).filter(([, value]) => value)) as AuditListQuery;

/** GET /api/admin/audit: one page of the records, newest first. */
export const auditQuery = (api: ApiClient, page: number, filters: AuditFilters) =>
  queryOptions({
    queryKey: queryKey('listAuditEvents', { page, ...filters }),
    queryFn: ({ signal }) =>
      api.call('listAuditEvents', { query: { ...given(filters), page, pageSize: AUDIT_PAGE_SIZE }, signal }),
  });

/** A page of the log; the last page stays on screen while the next loads. */
export function useAuditEvents(page: number, filters: AuditFilters) {
  const api = useApi();
  return useAdminQuery({
    ...auditQuery(api, page, filters),
    placeholderData: keepPreviousData,
    // Always fresh when opened: the log is what happened up to now.
    staleTime: 0,
  });
}

export function auditFileName(now = new Date()): string {
  return `audit-log-${now.toISOString().slice(0, 10)}.csv`;
}

/** GET /api/admin/audit/export: every record matching the filters, saved as a CSV file. */
export function useExportAudit() {
  return useAdminMutation({
    call: (filters: AuditFilters, { platform }) =>
      platform.saveFile({
        fileName: auditFileName(),
        mimeType: 'text/csv',
        source: { apiPath: urlFor('exportAuditEvents', undefined, given(filters)) },
      }),
    invalidates: [AUDIT_KEY],
    success: (saved) => savedFileToast(saved, 'Audit log exported.'),
    failure: 'Failed to export the audit log',
  });
}
