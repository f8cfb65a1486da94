/**
 * Who may call a route, and the head every route has: method, path and access. No zod here:
 * browsers import the route heads without the schemas.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What an API key may do, each level including the ones before it: read < user_manage < admin. */
export const API_KEY_PERMISSIONS = ['read', 'user_manage', 'admin'] as const;
export type ApiKeyPermission = (typeof API_KEY_PERMISSIONS)[number];

/**
 * Who may call a route:
 * - `public`: anyone;
 * - `session`: any signed-in user;
 * - `admin`: a signed-in approved admin (role admin and status approved);
 * - `visitor`: a verified visitor, signed in with an emailed link (its own cookie: an admin's
 *   session is not a visitor's, and a visitor's never opens a `session` or `admin` route);
 * - `key:<permission>`: an API key holding that permission or a higher one. A session never opens
 *   a key route, and a key never opens a session route.
 */
export type RouteAccess = 'public' | 'session' | 'admin' | 'visitor' | `key:${ApiKeyPermission}`;

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
