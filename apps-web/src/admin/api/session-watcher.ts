import { Intent } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useToast } from '../../lib/toasts.js';
import { usePlatform } from '../../platform/platform-context.js';
import { isAdminCall } from './admin-query.js';
import { isForbidden, isUnauthorized } from '../../lib/api-errors.js';
import { CURRENT_USER_KEY } from '../../lib/use-auth-user.js';

/** Delay between the "logged out" toast and the redirect to the sign-in page. */
export const LOGIN_REDIRECT_DELAY_MS = 500;

/**
 * Watches every admin query and mutation. A 401 means the session has ended: toast "Unauthorized"
 * and go to the sign-in page after 500 ms. A 403 means the user lost admin rights while
 * the portal was open: re-check the current user so the guard shows why.
 */
export function useAdminSessionWatcher(): void {
  const queryClient = useQueryClient();
  const { show } = useToast();
  const platform = usePlatform();

  useEffect(() => {
    let redirect: number | undefined;
    const handle = (error: unknown) => {
      if (isUnauthorized(error)) {
        if (redirect !== undefined) return; // Several calls fail at once: one toast, one redirect.
        show({
          title: 'Unauthorized',
          description: 'You are logged out. Logging in again...',
          intent: Intent.DANGER,
        });
        redirect = window.setTimeout(() => platform.signIn(), LOGIN_REDIRECT_DELAY_MS);
      } else if (isForbidden(error)) {
        void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
      }
    };
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && isAdminCall(event.query.meta)) {
        handle(event.action.error);
      }
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (
        event.type === 'updated' &&
        event.action.type === 'error' &&
        isAdminCall(event.mutation.options.meta)
      ) {
        handle(event.action.error);
      }
    });
    return () => {
      stopQueries();
      stopMutations();
      window.clearTimeout(redirect);
    };
  }, [queryClient, show, platform]);
}
