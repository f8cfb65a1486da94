import { endpoints, type ApiClient, type CurrentUser } from '@msp/shared/browser';
import { queryOptions } from '@tanstack/react-query';
import { createContext, useContext } from 'react';

/** Cache key of the signed-in user: the path, as for every read (spec 7). Shared with the public pages. */
export const CURRENT_USER_KEY = [endpoints.getCurrentUser.path] as const;

/** GET /api/auth/user; a 401 means nobody is signed in, so it is never retried (spec 7). */
export const currentUserQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: CURRENT_USER_KEY,
    queryFn: ({ signal }) => api.call('getCurrentUser', { signal }),
    retry: false,
  });

/** Admin means role admin AND status approved (spec 4); the server checks the same on every admin call. */
export function isApprovedAdmin(user: CurrentUser | null | undefined): user is CurrentUser {
  return user?.role === 'admin' && user.status === 'approved';
}

/** What the top bar calls the user: first name, else email, else "Admin User" (spec 2). */
export function displayName(user: Pick<CurrentUser, 'firstName' | 'email'>): string {
  return user.firstName?.trim() || user.email?.trim() || 'Admin User';
}

/**
 * The approved admin the portal is showing, provided by the guard once it knows. Null outside the
 * guard or while the user is not (yet) known to be an approved admin.
 */
export const AdminSessionContext = createContext<CurrentUser | null>(null);

/** The signed-in approved admin, or null when there is none (yet). */
export function useAdminSession(): CurrentUser | null {
  return useContext(AdminSessionContext);
}
