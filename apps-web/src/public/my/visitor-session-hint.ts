/**
 * Whether this browser last knew of a visitor session. The session's cookie is HttpOnly, so pages
 * cannot see it; pages that offer something only to a signed-in visitor (the results page's "Assess
 * with your team") ask the server only when this says so, rather than have every visitor's browser
 * log a 401. The server still decides: a stale hint costs one refused read, which clears it.
 */
const KEY = 'msp-visitor-session';

export function rememberVisitorSession(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(KEY, '1');
    else localStorage.removeItem(KEY);
  } catch {
    // Storage refused (a private mode): the pages that ask only on the hint do not ask.
  }
}

export function mayHaveVisitorSession(): boolean {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}
