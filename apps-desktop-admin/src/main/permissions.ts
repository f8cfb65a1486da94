import { isAppUrl } from './navigation.js';

/**
 * Whether a page may have a permission (camera, notifications, geolocation, clipboard...). Denied
 * unless listed: the admin needs only to write the clipboard (copying an API key or an invite
 * link), and only its own pages may. The server's and the identity provider's pages in the sign-in
 * window get nothing.
 */
export function isPermissionGranted(permission: string, requestingUrl: string | undefined): boolean {
  return permission === 'clipboard-sanitized-write' && requestingUrl !== undefined && isAppUrl(requestingUrl);
}
