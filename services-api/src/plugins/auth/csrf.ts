import { createHmac, timingSafeEqual } from 'node:crypto';
import Boom from '@hapi/boom';
import Crumb from '@hapi/crumb';
import type { Server } from '@hapi/hapi';
import { addResponseStep } from '../../http/response-steps.js';

/** The CSRF cookie's name on plain http; on https it carries the `__Host-` prefix. */
export const CSRF_COOKIE = 'crumb';
/** Sent with every signed-in response: a client can echo it without knowing cookie names. */
export const CSRF_HEADER = 'X-CSRF-Token';

declare module '@hapi/hapi' {
  interface PluginsStates {
    crumb?: string;
  }
  interface PluginSpecificConfiguration {
    /** false: no CSRF check; restful false: the token comes as a form field, not a header. */
    crumb?: false | { restful?: boolean; key?: string; source?: 'payload' | 'query' };
  }
}

/**
 * The CSRF token of a session, derived from its hash with the cookie secret: a token planted in
 * the browser before sign-in is worthless after.
 */
export function csrfTokens(secret: string): (sessionHash: string) => string {
  return (sessionHash) => createHmac('sha256', secret).update(`csrf:${sessionHash}`).digest('base64url');
}

/**
 * CSRF protection for every cookie-authenticated write (`@hapi/crumb`: the header or form field
 * must equal the cookie), bound to the session: for a signed-in request the cookie must also be
 * the session's own token, so a cookie an attacker planted (and echoed in a form) is refused. A
 * stale cookie is replaced on any signed-in request, and every signed-in answer carries the token.
 * A visitor gets the cookie only from an answer that needs it: a sign-in, setup or invite page.
 */
export async function registerCsrf(
  server: Server,
  options: { cookie: string; secure: boolean; tokenFor: (sessionHash: string) => string },
): Promise<void> {
  const { cookie, tokenFor } = options;
  await server.register({
    plugin: Crumb,
    options: {
      key: cookie,
      restful: true,
      // Only the routes that check the token issue it (signed-in routes, and the pages whose forms
      // carry it): the public pages and reads set no cookie, so a CDN can keep them.
      autoGenerate: false,
      // Readable by the web client, which echoes it in the X-CSRF-Token header.
      cookieOptions: { path: '/', isSecure: options.secure, isHttpOnly: false, isSameSite: 'Lax' },
    },
  });
  // After crumb's own check (header or field equals the cookie).
  server.ext('onPostAuth', (request, h) => {
    const sessionHash = request.auth.credentials?.sessionHash;
    if (!sessionHash) return h.continue;
    const token = tokenFor(sessionHash);
    const sent: unknown = request.state[cookie];
    if (typeof sent === 'string' && sameText(sent, token)) return h.continue;
    h.state(cookie, token);
    request.plugins.crumb = token;
    const checked = Boolean((request.route.settings.plugins as { _crumb?: unknown })._crumb);
    if (checked && !['get', 'head', 'options'].includes(request.method)) throw Boom.forbidden();
    return h.continue;
  });
  addResponseStep(server, (request, response) => {
    const sessionHash = request.auth.credentials?.sessionHash;
    if (sessionHash && !Boom.isBoom(response)) response.header(CSRF_HEADER, tokenFor(sessionHash));
    return undefined;
  });
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
