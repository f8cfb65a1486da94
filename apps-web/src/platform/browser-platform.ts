import { copyTextInBrowser } from './copy-text.js';
import { withCsrfToken } from './csrf.js';
import type { Platform } from './platform.js';

/** The server's sign-in and sign-out pages, rendered there: full-page navigations, never client routes. */
const LOGIN_PATH = '/api/login';
const LOGOUT_PATH = '/api/logout';

/**
 * The browser as the admin's host: the API at the page's own origin with the session cookie and
 * the CSRF cookie echoed in a header, files saved as downloads, other sites in a new tab, and
 * sign-in and sign-out as navigations to the server's pages. The public pages are routes of the
 * same app.
 */
export function createBrowserPlatform(): Platform {
  const apiBaseUrl = '';

  const platformFetch = (url: string, init: RequestInit = {}): Promise<Response> => {
    const headers = withCsrfToken(init.headers, document.cookie);
    return fetch(url, { ...init, headers, credentials: 'include' });
  };

  return {
    apiBaseUrl,
    fetch: platformFetch,
    // Loaded on the first save: the landing page never needs it.
    saveFile: async (request) =>
      (await import('./browser-save-file.js')).saveFileInBrowser(platformFetch, apiBaseUrl, request),
    openExternal: (url) => {
      window.open(url, '_blank', 'noopener,noreferrer');
    },
    copyText: copyTextInBrowser,
    publicUrl: (path) => path,
    signInUrl: `${apiBaseUrl}${LOGIN_PATH}`,
    signIn: () => window.location.assign(`${apiBaseUrl}${LOGIN_PATH}`),
    signOutUrl: `${apiBaseUrl}${LOGOUT_PATH}`,
    signOut: () => window.location.assign(`${apiBaseUrl}${LOGOUT_PATH}`),
  };
}
