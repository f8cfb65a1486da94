import type { CurrentUser } from '@msp/shared/browser';
import { createContext, useContext } from 'react';

/** Admin means role admin AND status approved; the server checks the same on every admin call. */
export function isApprovedAdmin(user: CurrentUser | null | undefined): user is CurrentUser {
  return user?.role === 'admin' && user.status === 'approved';
}

/** What the top bar calls the user: first name, else email, else "Admin User". */
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
