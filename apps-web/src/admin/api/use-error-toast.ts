import { Intent } from '@blueprintjs/core';
import { useCallback, useEffect } from 'react';
import { errorMessage, isUnauthorized } from '../../lib/api-errors.js';
import { useToast } from '../../lib/toasts.js';

/**
 * The admin's one way to toast a failure: titled "Error", in the server's words for a refused
 * request, else the screen's message. A 401 is left to the session watcher, which toasts
 * "Unauthorized" and goes to the sign-in page instead.
 */
export function useErrorToast(): (error: unknown, fallback: string) => void {
  const { show } = useToast();
  return useCallback(
    (error: unknown, fallback: string) => {
      if (isUnauthorized(error)) return;
      show({ title: 'Error', description: errorMessage(error, fallback), intent: Intent.DANGER });
    },
    [show],
  );
}

/** Toasts each time an admin read fails for good (after its retries), as `useErrorToast` does. */
export function useQueryErrorToast(
  query: { isError: boolean; error: unknown; errorUpdatedAt: number },
  message: string,
): void {
  const toastError = useErrorToast();
  const { isError, error, errorUpdatedAt } = query;
  useEffect(() => {
    if (isError) toastError(error, message);
    // errorUpdatedAt changes on every new failure, so a failed retry toasts again.
  }, [isError, error, errorUpdatedAt, message, toastError]);
}
