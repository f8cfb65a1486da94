import type { ApiClient } from '@msp/shared/browser';
import { queryOptions } from '@tanstack/react-query';
import { queryKey } from '../../lib/query-keys.js';
import { useApi } from '../../platform/platform-context.js';
import { useAdminQuery } from './admin-query.js';

/**
 * The admin lists that several screens read (pillars beside questions and the matrix, questions
 * beside pillars): one query each, so every screen shares one cache entry and one refresh.
 */

/** Cache key of the admin pillar list: its path, as for every read. */
export const PILLARS_KEY = queryKey('listAdminPillars');

/** Cache key of the admin question list: its path, as for every read. */
export const QUESTIONS_KEY = queryKey('listAdminQuestions');

/** GET /api/admin/pillars: every pillar, active or not, in order. */
export const pillarsQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: PILLARS_KEY,
    queryFn: ({ signal }) => api.call('listAdminPillars', { signal }),
  });

/** GET /api/admin/questions: every question with its answers and point allocations, in order. */
export const questionsQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: QUESTIONS_KEY,
    queryFn: ({ signal }) => api.call('listAdminQuestions', { signal }),
  });

/** The pillar list, fetched once the signed-in user is known to be one the portal admits. */
export function usePillars() {
  const api = useApi();
  return useAdminQuery(pillarsQuery(api));
}

/** The question list, fetched once the signed-in user is known to be one the portal admits. */
export function useAdminQuestions() {
  const api = useApi();
  return useAdminQuery(questionsQuery(api));
}
