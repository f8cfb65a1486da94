import type { ApiClient } from '@msp/shared/browser';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useApi } from '../platform/platform-context.js';
import { queryKey } from './query-keys.js';

/**
 * Cache key of the signed-in user: the path, as for every read. The public pages and the
 * admin portal share this one entry, so signing in or out shows on both.
 */
export const CURRENT_USER_KEY = queryKey('getCurrentUser');

/** GET /api/auth/user; a 401 means nobody is signed in, so it is never retried. */
export const currentUserQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: CURRENT_USER_KEY,
    queryFn: ({ signal }) => api.call('getCurrentUser', { signal }),
    retry: false,
  });

/**
 * Set in this browser once someone has signed in here. The session cookie is HttpOnly, so the
 * page cannot see it: without this mark, every visitor's page would ask /api/auth/user and get a
 * 401 in the console just to learn there is no Admin link to show.
 */
const SIGNED_IN_HERE_KEY = 'msp-signed-in-here';

/** Records whether someone is signed in in this browser; the admin guard calls it when it knows. */
export function rememberSignedIn(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(SIGNED_IN_HERE_KEY, '1');
    else localStorage.removeItem(SIGNED_IN_HERE_KEY);
  } catch {
    // Storage off (private mode): the Admin link simply does not show.
  }
}

/** Whether someone signed in in this browser before (and did not sign out since). */
export function signedInHereBefore(): boolean {
  try {
    return localStorage.getItem(SIGNED_IN_HERE_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * Whether someone is signed in. Asked only in a browser where someone has signed in before. A 401
 * (or any other failure) counts as signed out, forgets the mark, and is never retried.
 */
export function useIsLoggedIn(): boolean {
  const api = useApi();
  const { data, isSuccess, isError } = useQuery({ ...currentUserQuery(api), enabled: signedInHereBefore });
  const signedIn = isSuccess && data != null && typeof data === 'object';
  const signedOut = isError || (isSuccess && !signedIn);
  useEffect(() => {
    if (signedOut) rememberSignedIn(false);
  }, [signedOut]);
  return signedIn;
}
