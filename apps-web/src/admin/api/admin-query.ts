import { ApiError } from '@msp/shared/browser';
import { useQuery, type QueryKey, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import { useAdminSession } from './session.js';

/** Marks queries and mutations as admin calls, so the session watcher handles their 401s and 403s. */
export const ADMIN_META = { admin: true } as const;

/** Admin reads are retried up to 3 times, riding out a brief network or server failure. */
export const ADMIN_READ_RETRIES = 3;

export function isAdminCall(meta: Record<string, unknown> | undefined): boolean {
  return meta?.admin === true;
}

/**
 * Retry only what may pass on a second try: network failures and 5xx. A 401 (logged out), 403,
 * 404 or 400 will answer the same again, and a 401 must redirect at once.
 */
export function adminRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status < 500) return false;
  return failureCount < ADMIN_READ_RETRIES;
}

/**
 * `useQuery` for an admin read: retried as `adminRetry` says, marked as an admin call, and enabled
 * only once the signed-in user is known to be one the portal admits: nobody else calls the admin API
 * (and the server answers each call as the user's role permits).
 */
export function useAdminQuery<
  TQueryFnData,
  TError = Error,
  TData = TQueryFnData,
  TQueryKey extends QueryKey = QueryKey,
>(options: UseQueryOptions<TQueryFnData, TError, TData, TQueryKey>): UseQueryResult<TData, TError> {
  const isAdmin = useAdminSession() !== null;
  const { enabled } = options;
  return useQuery({
    retry: adminRetry,
    ...options,
    meta: { ...options.meta, ...ADMIN_META },
    enabled:
      typeof enabled === 'function' ? (query) => isAdmin && enabled(query) : isAdmin && enabled !== false,
  });
}
