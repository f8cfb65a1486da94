import { Intent } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useToast } from '../../lib/toasts.js';
import { isUnauthorized } from './errors.js';

/**
 * Toasts "Error" with the screen's message each time an admin read fails for good (after its
 * retries). A 401 is left to the session watcher, which toasts and redirects instead.
 */
export function useQueryErrorToast(
  query: { isError: boolean; error: unknown; errorUpdatedAt: number },
  message: string,
): void {
  const { show } = useToast();
  const { isError, error, errorUpdatedAt } = query;
  useEffect(() => {
    if (!isError || isUnauthorized(error)) return;
    show({ title: 'Error', description: message, intent: Intent.DANGER });
    // errorUpdatedAt changes on every new failure, so a failed retry toasts again.
  }, [isError, error, errorUpdatedAt, message, show]);
}
