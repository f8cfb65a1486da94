import { ApiError } from '@msp/shared/browser';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';

/** The signed-in user as far as the public pages care: only whether there is one. */
export interface AuthUser {
  id: string | number;
  email?: string | null;
  role?: string;
  status?: string;
}

/** Query key shared with the admin portal's auth check. */
export const AUTH_USER_QUERY_KEY = ['/api/auth/user'] as const;

async function fetchAuthUser(signal: AbortSignal): Promise<AuthUser | null> {
  const response = await fetch('/api/auth/user', {
    credentials: 'include',
    headers: { Accept: 'application/json' },
    signal,
  });
  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, text, response.statusText);
  return text ? (JSON.parse(text) as AuthUser | null) : null;
}

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

function signedInHereBefore(): boolean {
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
  const { data, isSuccess, isError } = useQuery({
    queryKey: AUTH_USER_QUERY_KEY,
    queryFn: ({ signal }) => fetchAuthUser(signal),
    retry: false,
    enabled: signedInHereBefore,
  });
  const signedIn = isSuccess && data != null && typeof data === 'object';
  const signedOut = isError || (isSuccess && !signedIn);
  useEffect(() => {
    if (signedOut) rememberSignedIn(false);
  }, [signedOut]);
  return signedIn;
}
