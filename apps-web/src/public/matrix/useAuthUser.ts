import { ApiError } from '@msp/shared/browser';
import { useQuery } from '@tanstack/react-query';

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
 * Whether someone is signed in. A 401 (or any other failure, e.g. while the endpoint does not
 * exist) counts as signed out; it is never retried.
 */
export function useIsLoggedIn(): boolean {
  const { data, isSuccess } = useQuery({
    queryKey: AUTH_USER_QUERY_KEY,
    queryFn: ({ signal }) => fetchAuthUser(signal),
    retry: false,
  });
  return isSuccess && data != null && typeof data === 'object';
}
