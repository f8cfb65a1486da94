/**
 * Who may call a route, and the head every route has: method, path and access. No zod here:
 * browsers import the route heads without the schemas.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What an API key may do, each level including the ones before it: read < user_manage < admin. */
export const API_KEY_PERMISSIONS = ['read', 'user_manage', 'admin'] as const;
export type ApiKeyPermission = (typeof API_KEY_PERMISSIONS)[number];

/**
 * The roles of the people who sign in to the portal, from least to most: a `user` reads the lead
 * desk (the submissions, their status, owner and notes); `sales` also works it (status, owner, next
 * step, notes); an `admin` runs everything.
 */
export const USER_ROLES = ['user', 'sales', 'admin'] as const;
export type UserRoleName = (typeof USER_ROLES)[number];

/** What a signed-in, approved user may do in the portal, as their role gives it. */
export const PORTAL_PERMISSIONS = ['read-leads', 'work-leads', 'admin'] as const;
export type PortalPermission = (typeof PORTAL_PERMISSIONS)[number];

/** The role list: each role's permissions. Only an approved user holds any. */
export const ROLE_PERMISSIONS: Record<UserRoleName, readonly PortalPermission[]> = {
  user: ['read-leads'],
  sales: ['read-leads', 'work-leads'],
  admin: ['read-leads', 'work-leads', 'admin'],
};

/** What a user may do: their role's permissions once approved, nothing before. */
export function permissionsOf(user: { role: UserRoleName; status: string }): readonly PortalPermission[] {
  return user.status === 'approved' ? ROLE_PERMISSIONS[user.role] : [];
}

/** Whether a user may do `permission`: approved, and their role holds it. */
export function userCan(
  user: { role: UserRoleName; status: string } | null | undefined,
  permission: PortalPermission,
): boolean {
  return !!user && permissionsOf(user).includes(permission);
}

/** The roles holding `permission`, for a query of who holds it. */
export function rolesWith(permission: PortalPermission): UserRoleName[] {
  return USER_ROLES.filter((role) => ROLE_PERMISSIONS[role].includes(permission));
}

/**
 * Who may call a route:
 * - `public`: anyone;
 * - `session`: any signed-in user;
 * - `read-leads`: a signed-in approved user of any role (the lead desk's reads);
 * - `work-leads`: a signed-in approved user whose role works leads (sales or admin);
 * - `admin`: a signed-in approved admin (role admin and status approved);
 * - `visitor`: a verified visitor, signed in with an emailed link (its own cookie: an admin's
 *   session is not a visitor's, and a visitor's never opens a `session` or `admin` route);
 * - `key:<permission>`: an API key holding that permission or a higher one. A session never opens
 *   a key route, and a key never opens a session route.
 */
export type RouteAccess =
  'public' | 'session' | 'read-leads' | 'work-leads' | 'admin' | 'visitor' | `key:${ApiKeyPermission}`;

export interface Endpoint {
  method: HttpMethod;
  path: string;
  access: RouteAccess;
}

/** Whether a key with `held` permission may call a route that needs `needed`. */
export function permissionAllows(held: ApiKeyPermission, needed: ApiKeyPermission): boolean {
  return API_KEY_PERMISSIONS.indexOf(held) >= API_KEY_PERMISSIONS.indexOf(needed);
}

/** The permission a `key:` access needs, or null for session and public routes. */
export function keyPermissionOf(access: RouteAccess): ApiKeyPermission | null {
  return access.startsWith('key:') ? (access.slice(4) as ApiKeyPermission) : null;
}

/** The base path of the key-based API. */
export const API_V1_BASE_PATH = '/api/v1';
