import Cookie from '@hapi/cookie';
import type { Plugin } from '@hapi/hapi';
import { authPages, authRoutes } from '@msp/shared';
import type { AppContext } from '../../app-context.js';
import { IMMUTABLE_CACHE_CONTROL, tagPerEncodingOnlyWhenCompressible } from '../../http/caching.js';
import { passwordMeterScript, passwordMeterVersion } from '../../http/password-meter.js';
import { contractRoute, pageRoute } from '../../http/route-adapter.js';
import { toCurrentUser } from '../users/users-service.js';
import { cookieSecret } from './app-secrets.js';
import { CSRF_COOKIE, csrfTokens, registerCsrf } from './csrf.js';
import { cookieName, registerSessionStrategy, SESSION_COOKIE } from './session.js';
import { SessionStore } from './session-store.js';
import { signInPageRoutes } from './sign-in-routes.js';

/**
 * Signing in: sessions (server-side rows behind an encrypted cookie, `session.ts`), CSRF protection
 * for every cookie-authenticated write (`csrf.ts`), the sign-in, sign-out and founder setup pages
 * (`sign-in-routes.ts`), single sign-on (`oidc/`), and GET /api/auth/user.
 */
export const authPlugin: Plugin<AppContext> = {
  name: 'auth',
  async register(server, ctx) {
    const { db, config } = ctx;
    const sessions = new SessionStore(db);
    const cookiePassword = await cookieSecret(db, config.sessionSecret, ctx.logger);
    const cookies = {
      session: cookieName(SESSION_COOKIE, config.secureCookies),
      csrf: cookieName(CSRF_COOKIE, config.secureCookies),
    };
    const csrfTokenFor = csrfTokens(cookiePassword);

    await server.register(Cookie);
    registerSessionStrategy(server, {
      sessions,
      cookie: cookies.session,
      password: cookiePassword,
      secure: config.secureCookies,
    });
    await registerCsrf(server, {
      cookie: cookies.csrf,
      secure: config.secureCookies,
      tokenFor: csrfTokenFor,
    });

    server.route([
      ...signInPageRoutes(server, ctx, { sessions, cookies, csrfTokenFor }),
      contractRoute(authRoutes.getCurrentUser, ({ request }) =>
        toCurrentUser(request.auth.credentials.user!),
      ),
      // Read per request: the oidc plugin, registered after this one, sets them once discovery works.
      contractRoute(authRoutes.getSignInOrigins, () => ({
        identityProvider: server.app.identityProviderOrigins ?? [],
      })),
      pageRoute(
        authPages.passwordMeter,
        ({ query, request, h }) => {
          const script = passwordMeterScript();
          const response = h.response(script.text).type('text/javascript; charset=utf-8');
          response.etag(script.etag);
          tagPerEncodingOnlyWhenCompressible(request, response, script.bytes);
          // The address the pages link names this content: kept for good. Any other is revalidated.
          return response.header(
            'Cache-Control',
            query.v === passwordMeterVersion() ? IMMUTABLE_CACHE_CONTROL : 'no-cache',
          );
        },
        // The same file for everyone: no session is read and no CSRF cookie is set with it.
        { options: { auth: false, plugins: { crumb: false } } },
      ),
    ]);
  },
};
