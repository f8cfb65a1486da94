import { describeNetworkError } from './server-address.js';

/** The origin the renderer is served from: a custom scheme, standard and secure (see index.ts). */
export const APP_SCHEME = 'app';
export const APP_HOST = 'admin';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

/**
 * Request headers that are not the admin's to send on: the cookie jar adds the server's cookies,
 * the network stack sets the host and length, and the renderer's own origin and fetch metadata
 * describe the app, not a page of the server.
 */
const DROPPED_REQUEST_HEADERS = new Set([
  'cookie',
  'host',
  'origin',
  'referer',
  'connection',
  'content-length',
  'transfer-encoding',
  'keep-alive',
]);

/**
 * Response headers kept back: the cookie jar has already taken Set-Cookie (the renderer never sees
 * a session cookie), and the body arrives decoded, so its old encoding and length no longer hold.
 */
const DROPPED_RESPONSE_HEADERS = new Set(['set-cookie', 'set-cookie2', 'connection', 'transfer-encoding']);

/** A fetch that sends the app session's cookies and keeps the ones the server sets. */
export type SessionFetch = (url: string, init: RequestInit) => Promise<Response>;

function jsonError(status: number, error: string, message: string): Response {
  return new Response(JSON.stringify({ statusCode: status, error, message }), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
}

/**
 * Forwards the renderer's `/api/*` requests to the configured server, so the admin keeps calling
 * relative paths with its CSRF header while the app's session holds the cookies, whatever their
 * names. Anything but `/api/*` is not forwarded: the app never serves the server's pages as its own.
 */
export function createApiForwarder({
  serverUrl,
  fetch,
}: {
  serverUrl: () => string | null;
  fetch: SessionFetch;
}): (request: Request) => Promise<Response> {
  return async (request) => {
    const url = new URL(request.url);
    if (!url.pathname.startsWith('/api/')) return jsonError(404, 'Not Found', 'Only /api/ is forwarded.');
    const server = serverUrl();
    if (!server) return jsonError(503, 'Service Unavailable', 'No server is configured yet.');
    const target = new URL(`${url.pathname}${url.search}`, server);

    const headers = new Headers();
    request.headers.forEach((value, name) => {
      if (!DROPPED_REQUEST_HEADERS.has(name) && !name.startsWith('sec-')) headers.set(name, value);
    });
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
    let response: Response;
    try {
      response = await fetch(target.href, {
        method: request.method,
        headers,
        // Admin payloads are small JSON; read whole, they need no streaming upload support.
        body: hasBody ? await request.arrayBuffer() : undefined,
        signal: request.signal,
        redirect: 'follow',
      });
    } catch (error) {
      if (request.signal.aborted) throw error;
      return jsonError(
        502,
        'Bad Gateway',
        `Could not reach the server at ${server}: ${describeNetworkError(error)}.`,
      );
    }

    const responseHeaders = new Headers();
    const decoded = response.headers.has('content-encoding');
    response.headers.forEach((value, name) => {
      if (DROPPED_RESPONSE_HEADERS.has(name)) return;
      if (decoded && (name === 'content-encoding' || name === 'content-length')) return;
      responseHeaders.append(name, value);
    });
    const noBody = request.method === 'HEAD' || [204, 205, 304].includes(response.status);
    return new Response(noBody ? null : response.body, {
      status: response.status,
      statusText: response.statusText,
      headers: responseHeaders,
    });
  };
}

/** The cookies a server page's own scripts could read (`document.cookie` there): not HttpOnly. */
export function scriptReadableCookies(
  cookies: readonly { name: string; value: string; httpOnly?: boolean }[],
): string {
  return cookies
    .filter((cookie) => !cookie.httpOnly)
    .map((cookie) => `${cookie.name}=${cookie.value}`)
    .join('; ');
}
