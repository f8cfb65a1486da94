import { APP_HOST, APP_SCHEME } from './api-forwarding.js';
import { isLoopbackHost } from './server-address.js';

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/**
 * Whether an address is the app's own (app://admin/…). Compared by scheme and host: for a scheme
 * Node's URL does not know, `origin` is "null", whatever Chromium thinks of it.
 */
export function isAppUrl(url: string): boolean {
  const parsed = parse(url);
  return parsed !== null && parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST;
}

/** Addresses the system browser may be handed: http and https only, never file:, smb: or a custom scheme. */
export function isExternalUrl(url: string): boolean {
  const parsed = parse(url);
  return parsed !== null && (parsed.protocol === 'https:' || parsed.protocol === 'http:');
}

export type NavigationDecision = 'allow' | 'external' | 'deny';

/**
 * The main window shows the app and nothing else: its own pages stay, web addresses go to the
 * system browser, anything else is refused.
 */
export function mainWindowNavigation(url: string): NavigationDecision {
  if (isAppUrl(url)) return 'allow';
  return isExternalUrl(url) ? 'external' : 'deny';
}

/**
 * The sign-in window shows the configured server's pages and, for single sign-on, the pages of the
 * identity provider the server names (GET /api/auth/sign-in-origins), and nothing else: a link or
 * a redirect anywhere else cannot put a look-alike page where a person types their password. It
 * has no preload and no bridge, so a page there can do no more than in a browser tab.
 */
export function signInWindowNavigation(url: string, allowedOrigins: readonly string[]): NavigationDecision {
  const parsed = parse(url);
  return parsed !== null && allowedOrigins.includes(parsed.origin) ? 'allow' : 'deny';
}

/**
 * An identity provider's origin the sign-in window may show: https (http only on this computer,
 * as for the server itself), and nothing but an origin, spelt the way `URL` spells one.
 */
export function isSignInOrigin(value: string): boolean {
  const parsed = parse(value);
  if (!parsed || parsed.origin !== value) return false;
  return parsed.protocol === 'https:' || (parsed.protocol === 'http:' && isLoopbackHost(parsed.hostname));
}

/**
 * The sign-in window's title: the origin of the page it shows, like a browser's address bar, so a
 * person sees where they type their password. The page's own title is left out: a page could
 * spell another address in it.
 */
export function signInWindowTitle(url: string): string {
  const parsed = parse(url);
  const origin =
    parsed && (parsed.protocol === 'https:' || parsed.protocol === 'http:') ? parsed.origin : null;
  return origin ? `Sign in — ${origin}` : 'Sign in';
}

/**
 * Whether the sign-in window has reached the portal: the server sends a signed-in user to /admin,
 * after a password or single sign-on alike.
 */
export function isSignedInLanding(url: string, serverOrigin: string): boolean {
  const parsed = parse(url);
  return parsed?.origin === serverOrigin && /^\/admin(\/|$)/.test(parsed.pathname);
}

/** An API path the renderer may have main fetch (a download): the server's own /api/, no way out of it. */
export function isApiPath(value: string): boolean {
  if (!value.startsWith('/api/') || value.includes('\\')) return false;
  // Resolved against a stand-in origin: "/api/../x" or "//elsewhere" must not leave /api/.
  const base = 'https://app.invalid';
  const parsed = parse(`${base}${value}`);
  return parsed !== null && parsed.origin === base && parsed.pathname.startsWith('/api/');
}
