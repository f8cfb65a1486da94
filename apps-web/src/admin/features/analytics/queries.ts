import type { ApiClient } from '@msp/shared/browser';
import { queryOptions } from '@tanstack/react-query';
import { queryKey } from '../../../lib/query-keys.js';
import { useApi } from '../../../platform/platform-context.js';
import { useAdminQuery } from '../../api/admin-query.js';

/** Cache key of the analytics: their path, as for every read. Deleting a submission invalidates it. */
export const ANALYTICS_KEY = queryKey('getAnalytics');

/** GET /api/admin/analytics: submissions per month and the average level of each pillar. */
export const analyticsQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: ANALYTICS_KEY,
    queryFn: ({ signal }) => api.call('getAnalytics', { signal }),
  });

/** The analytics, fetched once the signed-in user is known to be an approved admin. */
export function useAnalytics() {
  const api = useApi();
  return useAdminQuery(analyticsQuery(api));
}
