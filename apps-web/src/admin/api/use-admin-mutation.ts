import { Intent } from '@blueprintjs/core';
import type { ApiClient } from '@msp/shared/browser';
import {
  useMutation,
  useQueryClient,
  type InvalidateQueryFilters,
  type QueryKey,
  type UseMutationOptions,
  type UseMutationResult,
} from '@tanstack/react-query';
import { isUnauthorized } from '../../lib/api-errors.js';
import { useToast, type ToastMessage } from '../../lib/toasts.js';
import type { Platform, SaveFileResult } from '../../platform/platform.js';
import { useApi, usePlatform } from '../../platform/platform-context.js';
import { ADMIN_META } from './admin-query.js';
import { useErrorToast } from './use-error-toast.js';

/** What a change's call may use: the typed API client and the host (for saving files). */
export interface AdminCallContext {
  api: ApiClient;
  platform: Platform;
}

/** A toast as `useToast().show` takes it; a bare string is the title of a success toast. */
export type AdminToast = string | (Omit<ToastMessage, 'id'> & { id?: string });

/** What to refresh: a query key (and everything under it) or a filter for anything else. */
export type AdminInvalidation = QueryKey | InvalidateQueryFilters;

export interface AdminMutationOptions<TData, TVariables> extends Omit<
  UseMutationOptions<TData, Error, TVariables>,
  'retry' | 'meta' | 'mutationFn'
> {
  /** The change itself. */
  call: (variables: TVariables, context: AdminCallContext) => Promise<TData>;
  /**
   * What the change makes out of date; refreshed before the success toast, so the toast and the
   * new row agree.
   */
  invalidates?:
    readonly AdminInvalidation[] | ((data: TData, variables: TVariables) => readonly AdminInvalidation[]);
  /** The success toast, or a function of the answer that may return none. */
  success?: AdminToast | ((data: TData, variables: TVariables) => AdminToast | undefined);
  /**
   * The screen's failure message, shown as `useErrorToast` does (the server's words win), or a
   * function that may return none to leave the failure to the screen.
   */
  failure?: string | ((error: Error, variables: TVariables) => string | undefined);
}

const asFilters = (target: AdminInvalidation): InvalidateQueryFilters =>
  Array.isArray(target) ? { queryKey: target as QueryKey } : (target as InvalidateQueryFilters);

/**
 * `useMutation` for an admin change: never retried, marked as an admin call (so the session
 * watcher handles its 401 and 403), refreshes what it makes out of date, then toasts the outcome.
 * A 401 is left to the session watcher, which toasts "Unauthorized" and redirects, instead of the
 * screen's own error toast. `onSuccess` runs after the toast; `onError` after the failure toast.
 */
export function useAdminMutation<TData, TVariables = void>({
  call,
  invalidates = [],
  success,
  failure,
  onSuccess,
  onError,
  ...options
}: AdminMutationOptions<TData, TVariables>): UseMutationResult<TData, Error, TVariables> {
  const api = useApi();
  const platform = usePlatform();
  const queryClient = useQueryClient();
  const { show } = useToast();
  const toastError = useErrorToast();
  return useMutation<TData, Error, TVariables>({
    ...options,
    mutationFn: (variables) => call(variables, { api, platform }),
    retry: false,
    meta: ADMIN_META,
    onSuccess: async (...args) => {
      const [data, variables] = args;
      const targets = typeof invalidates === 'function' ? invalidates(data, variables) : invalidates;
      // Stay pending until the list shows the change, so the success toast and the new row agree.
      await Promise.all(targets.map((target) => queryClient.invalidateQueries(asFilters(target))));
      const toast = typeof success === 'function' ? success(data, variables) : success;
      if (toast !== undefined) {
        show(typeof toast === 'string' ? { title: toast, intent: Intent.SUCCESS } : toast);
      }
      await onSuccess?.(...args);
    },
    onError: (...args) => {
      const [error, variables] = args;
      if (isUnauthorized(error)) return;
      const message = typeof failure === 'function' ? failure(error, variables) : failure;
      if (message !== undefined) toastError(error, message);
      return onError?.(...args);
    },
  });
}

/**
 * The success toast of a file saved through the host: its title, where the file went (unless
 * `fileName` is false) and, on desktop, Show in folder. None when the user cancelled the save.
 */
export function savedFileToast(
  saved: SaveFileResult,
  title: string,
  { id, fileName = true }: { id?: string; fileName?: boolean } = {},
): AdminToast | undefined {
  if (saved.status !== 'saved') return undefined;
  return {
    ...(id === undefined ? {} : { id }),
    title,
    ...(fileName ? { description: `Saved as ${saved.fileName}` } : {}),
    intent: Intent.SUCCESS,
    action: saved.showInFolder && { text: 'Show in folder', onClick: saved.showInFolder },
  };
}
