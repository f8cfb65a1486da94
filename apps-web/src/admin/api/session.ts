import { userCan, type CurrentUser, type PortalPermission } from '@msp/shared/browser';
import { createContext, useContext } from 'react';

/**
 * Whether the user may open the portal at all: approved, in any role (every role reads the lead
 * desk; what else they see is their role's, `ROLE_PERMISSIONS`).
 */
export function isPortalUser(user: CurrentUser | null | undefined): user is CurrentUser {
  return !!user && userCan(user, 'read-leads');
}

/** What the top bar calls the user: first name, else email, else "Admin User". */
export function displayName(user: Pick<CurrentUser, 'firstName' | 'email'>): string {
  return user.firstName?.trim() || user.email?.trim() || 'Admin User';
}

/**
 * The approved user the portal is showing, provided by the guard once it knows. Null outside the
 * guard or while the user is not (yet) known to be one the portal admits.
 */
export const AdminSessionContext = createContext<CurrentUser | null>(null);

/** The signed-in approved user, or null when there is none (yet). */
export function useAdminSession(): CurrentUser | null {
  return useContext(AdminSessionContext);
}

/**
 * Whether the signed-in user's role permits `permission`: what the portal offers them. The server
 * answers 403 to every call their role does not permit; this only keeps the screens from offering it.
 */
export function usePermission(permission: PortalPermission): boolean {
  return userCan(useAdminSession(), permission);
}
