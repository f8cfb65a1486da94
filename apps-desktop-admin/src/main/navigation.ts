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
 * The sign-in window shows the configured server's pages and, for single sign-on, the identity
 * provider's, as a browser would: https anywhere, plain http only on this computer. It has no
 * preload and no bridge, so a page there can do no more than in a browser tab.
 */
export function signInWindowNavigation(url: string, serverOrigin: string): NavigationDecision {
  const parsed = parse(url);
  if (!parsed) return 'deny';
  if (parsed.origin === serverOrigin) return 'allow';
  if (parsed.protocol === 'https:') return 'allow';
  if (parsed.protocol === 'http:' && isLoopbackHost(parsed.hostname)) return 'allow';
  return 'deny';
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
