import { copyTextInBrowser } from './copy-text.js';
import { withCsrfToken } from './csrf.js';
import type { Platform } from './platform.js';

/** The server's sign-in and sign-out pages: full-page navigations, never client routes (spec 7). */
const LOGIN_PATH = '/api/login';
const LOGOUT_PATH = '/api/logout';

/** One preview window, reused by every preview, sized like an email client's reading pane. */
const POPUP_NAME = 'msp-admin-preview';
const POPUP_FEATURES = 'popup,width=760,height=860';

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
    openPopup: (url) => {
      // Without "noopener": with it window.open answers null even when the window opened, and a
      // blocked popup could not be told apart. The page is our own origin's, but it still gets no
      // handle on the admin.
      const popup = window.open(url, POPUP_NAME, POPUP_FEATURES);
      if (!popup) return false;
      popup.opener = null;
      return true;
    },
    publicUrl: (path) => path,
    signInUrl: `${apiBaseUrl}${LOGIN_PATH}`,
    signIn: () => window.location.assign(`${apiBaseUrl}${LOGIN_PATH}`),
    signOutUrl: `${apiBaseUrl}${LOGOUT_PATH}`,
    signOut: () => window.location.assign(`${apiBaseUrl}${LOGOUT_PATH}`),
  };
}
