import { ApiError } from '@msp/shared/browser';
import {
  useMutation,
  useQuery,
  useQueryClient,
  type QueryKey,
  type UseMutationOptions,
  type UseMutationResult,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import { isUnauthorized } from '../../lib/api-errors.js';
import { useAdminSession } from './session.js';

/** Marks queries and mutations as admin calls, so the session watcher handles their 401s and 403s. */
export const ADMIN_META = { admin: true } as const;

/** Admin reads are retried up to 3 times (spec 8, 9). */
export const ADMIN_READ_RETRIES = 3;

export function isAdminCall(meta: Record<string, unknown> | undefined): boolean {
  return meta?.admin === true;
}

/**
 * Retry only what may pass on a second try: network failures and 5xx. A 401 (logged out), 403,
 * 404 or 400 will answer the same again, and a 401 must redirect at once (spec 8).
 */
export function adminRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status < 500) return false;
  return failureCount < ADMIN_READ_RETRIES;
}

/**
 * `useQuery` for an admin read: retried as `adminRetry` says, marked as an admin call, and enabled
 * only once the signed-in user is known to be an approved admin (spec 6).
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

export interface AdminMutationOptions<TData, TVariables> extends Omit<
  UseMutationOptions<TData, Error, TVariables>,
  'retry' | 'meta'
> {
  /** Query keys (paths) of the lists this change affects; refreshed before `onSuccess` runs. */
  invalidates?: readonly QueryKey[];
}

/**
 * `useMutation` for an admin change: never retried, marked as an admin call, refreshes the affected
 * lists, and leaves a 401 to the session watcher (its "Unauthorized" toast and redirect) instead of
 * the screen's own error toast.
 */
export function useAdminMutation<TData, TVariables>({
  invalidates = [],
  onSuccess,
  onError,
  ...options
}: AdminMutationOptions<TData, TVariables>): UseMutationResult<TData, Error, TVariables> {
  const queryClient = useQueryClient();
  return useMutation<TData, Error, TVariables>({
    ...options,
    retry: false,
    meta: ADMIN_META,
    onSuccess: async (...args) => {
      // Stay pending until the list shows the change, so the success toast and the new row agree.
      await Promise.all(invalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      await onSuccess?.(...args);
    },
    onError: (...args) => {
      if (isUnauthorized(args[0])) return;
      return onError?.(...args);
    },
  });
}
