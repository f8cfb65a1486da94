import { personalDataFileName, urlFor, type ApiClient, type PersonalDataMatches } from '@msp/shared/browser';
import { queryOptions } from '@tanstack/react-query';
import { queryKey } from '../../../lib/query-keys.js';
import { useApi } from '../../../platform/platform-context.js';
import { useAdminQuery } from '../../api/admin-query.js';
import { savedFileToast, useAdminMutation } from '../../api/use-admin-mutation.js';
import { ANALYTICS_KEY } from '../analytics/public.js';
import { STATS_KEY } from '../dashboard/public.js';
import { DOMAINS_KEY, SUBMISSIONS_KEY } from '../submissions/public.js';
import { submissionsText } from './personal-data-form.js';

/** Prefix of every look-up (each address is its own entry under it). */
const PERSONAL_DATA_KEY = queryKey('findPersonalData');

/** GET /api/admin/personal-data?email=: the submissions of one address, newest first. */
export const personalDataQuery = (api: ApiClient, email: string) =>
  queryOptions({
    queryKey: queryKey('findPersonalData', email),
    queryFn: ({ signal }) => api.call('findPersonalData', { query: { email }, signal }),
  });

/** The looked-up address's submissions; nothing until an address is given. */
export function usePersonalData(email: string) {
  const api = useApi();
  return useAdminQuery({ ...personalDataQuery(api, email), enabled: email !== '' });
}

/**
 * GET /api/admin/personal-data/export?email=, saved through the host (the browser's downloads, or
 * the desktop's save dialog) as one JSON file. A save the user cancels says nothing.
 */
export function useExportPersonalData() {
  return useAdminMutation({
    call: (email: string, { platform }) =>
      platform.saveFile({
        fileName: personalDataFileName(email),
        mimeType: 'application/json',
        source: { apiPath: urlFor('exportPersonalData', undefined, { email }) },
      }),
    success: (saved) => savedFileToast(saved, 'Personal data downloaded'),
    failure: 'Failed to download the personal data',
  });
}

/**
 * POST /api/admin/personal-data/delete: every submission of the address goes, so the look-up, the
 * list, the counts and the analytics all change.
 */
export function useDeletePersonalData({
  onDeleted,
}: { onDeleted?: (matches: PersonalDataMatches) => void } = {}) {
  return useAdminMutation({
    call: (matches: PersonalDataMatches, { api }) =>
      api.call('deletePersonalData', { body: { email: matches.email } }),
    invalidates: [PERSONAL_DATA_KEY, SUBMISSIONS_KEY, STATS_KEY, ANALYTICS_KEY, DOMAINS_KEY],
    success: ({ deleted }) => `${submissionsText(deleted)} deleted`,
    failure: 'Failed to delete the personal data',
    onSuccess: (_result, matches) => onDeleted?.(matches),
  });
}
