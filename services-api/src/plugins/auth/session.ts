import type { Request, Server } from '@hapi/hapi';
import type { UserRow } from '../../db/tables.js';
import { permissionsOf } from '@msp/shared';
import { SESSION_ABSOLUTE_MS, type SessionStore } from './session-store.js';

/** Cookie names on plain http; on https they carry the `__Host-` prefix (see `cookieName`). */
export const SESSION_COOKIE = 'msp_session';

/**
 * On https a cookie named `__Host-…` is accepted by browsers only when Secure, host-only and for
 * path /: a sibling subdomain or a plain-http page cannot plant or overwrite it.
 */
export function cookieName(base: string, secure: boolean): string {
  return secure ? `__Host-${base}` : base;
}

/** What the encrypted session cookie holds: the session's random id, whose hash is the row's key. */
export interface SessionCookie {
  sid: string;
}

declare module '@hapi/hapi' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface UserCredentials extends UserRow {}
  interface AuthCredentials {
    sessionHash?: string;
  }
}

/**
 * The `session` auth strategy every signed-in route uses: an encrypted cookie carrying the session
 * id, checked against the session's row on every request (so a sign-out or a reset ends it on
 * every instance). Its scope is what the user's role permits once approved (`permissionsOf`).
 */
export function registerSessionStrategy(
  server: Server,
  options: { sessions: SessionStore; cookie: string; password: string; secure: boolean },
): void {
  const { sessions } = options;
  server.auth.strategy('session', 'cookie', {
    cookie: {
      name: options.cookie,
      password: options.password,
      isSecure: options.secure,
      isHttpOnly: true,
      isSameSite: 'Lax',
      path: '/',
      ttl: SESSION_ABSOLUTE_MS,
      // The scheme would clear the cookie on any failure of `validate`, a lookup the database could
      // not answer included, and an outage would sign every administrator out. It is cleared
      // below, only when the session is known to have ended.
      clearInvalid: false,
    },
    keepAlive: false,
    validate: async (request: Request, session: SessionCookie) => {
      const record = await sessions.validate(session?.sid);
      if (!record) {
        request.cookieAuth.clear();
        return { isValid: false };
      }
      return {
        isValid: true,
        credentials: {
          user: record.user,
          sessionHash: record.idHash,
          scope: [...permissionsOf(record.user)],
        },
      };
    },
  });

  const pruneTimer = setInterval(() => void sessions.prune().catch(() => undefined), 60 * 60 * 1000);
  pruneTimer.unref();
  server.events.on('stop', () => clearInterval(pruneTimer));
}
