/**
 * The CSRF token's cookie and header, in one place for every host: the server sets the cookie
 * readable by scripts, and each cookie-authenticated write echoes its value in the header. The
 * browser reads the cookie from `document.cookie`; the desktop client from the same cookies of the
 * server as its session holds them, so a renamed cookie changes here only.
 */
/** With the `__Host-` prefix on https, without it on plain http; the first present wins. */
export const CSRF_COOKIES = ['__Host-crumb', 'crumb'] as const;
export const CSRF_HEADER = 'X-CSRF-Token';

/** The CSRF token in a `document.cookie`-style string ("a=1; crumb=…"), if there is one. */
export function csrfTokenFromCookies(cookies: string): string | undefined {
  const parts = cookies.split(/;\s*/);
  for (const name of CSRF_COOKIES) {
    const entry = parts.find((part) => part.startsWith(`${name}=`));
    if (entry) return decodeURIComponent(entry.slice(name.length + 1));
  }
  return undefined;
}

/** The request headers with the CSRF token added, unless the caller set one or there is none. */
export function withCsrfToken(headersInit: HeadersInit | undefined, cookies: string): Headers {
  const headers = new Headers(headersInit);
  const token = csrfTokenFromCookies(cookies);
  if (token && !headers.has(CSRF_HEADER)) headers.set(CSRF_HEADER, token);
  return headers;
}
