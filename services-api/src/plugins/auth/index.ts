import { createHmac, timingSafeEqual } from 'node:crypto';
import Boom from '@hapi/boom';
import Cookie from '@hapi/cookie';
import Crumb from '@hapi/crumb';
import type { Plugin, Request, ResponseObject, ResponseToolkit } from '@hapi/hapi';
import { authPages, authRoutes } from '@msp/shared';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { clientAddress } from '../../http/client-address.js';
import { contractRoute, pageRoute } from '../../http/route-adapter.js';
import { sharedSecret } from './app-secrets.js';
import { hashPassword, passwordProblem, verifyPassword } from '../../domain/passwords.js';
import { messageBody, renderPage } from '../../http/pages.js';
import { setupBody, signInBody, signOutBody } from './pages.js';
import { hashToken } from '../../domain/tokens.js';
import { SESSION_ABSOLUTE_MS, SessionStore } from './session-store.js';
import { SignInLimits } from './sign-in-limits.js';
import { consumeSetupToken, setupTokenIsUsable } from './setup-link.js';
import { findUserByEmail, type UserRow } from '../../db/tables.js';
import {
  founderOverrides,
  isApprovedAdmin,
  toCurrentUser,
  upsertLocalAdmin,
} from '../users/users-service.js';

/** Cookie names on plain http; on https they carry the `__Host-` prefix (see `cookieName`). */
export const SESSION_COOKIE = 'msp_session';
export const CSRF_COOKIE = 'crumb';
/** Sent with every signed-in response: a client can echo it without knowing cookie names. */
export const CSRF_HEADER = 'X-CSRF-Token';

/**
 * On https a cookie named `__Host-…` is accepted by browsers only when Secure, host-only and for
 * path /: a sibling subdomain or a plain-http page cannot plant or overwrite it.
 */
export function cookieName(base: string, secure: boolean): string {
  return secure ? `__Host-${base}` : base;
}

/** Where a signed-in user lands. */
const AFTER_SIGN_IN = '/admin';

interface SessionCookie {
  sid: string;
}

declare module '@hapi/hapi' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface UserCredentials extends UserRow {}
  interface AuthCredentials {
    sessionHash?: string;
  }
  interface PluginsStates {
    crumb?: string;
  }
  interface PluginSpecificConfiguration {
    /** false: no CSRF check; restful false: the token comes as a form field, not a header. */
    crumb?: false | { restful?: boolean; key?: string; source?: 'payload' | 'query' };
  }
}

export interface SignInService {
  sessions: SessionStore;
  /** The cookies' names, which depend on https. */
  cookies: { session: string; csrf: string };
  /** The CSRF token of the session with this id: the only one its writes are accepted with. */
  csrfTokenForSession(sid: string): string;
  /** Starts a session for the user and answers with the redirect into the portal. */
  signIn(
    request: Request,
    h: ResponseToolkit,
    user: UserRow,
  ): Promise<ReturnType<ResponseToolkit['redirect']>>;
  /** Renders the sign-in page with an optional error (used by single sign-on failures too). */
  signInPage(
    request: Request,
    h: ResponseToolkit,
    options?: { error?: string; email?: string; status?: number },
  ): ResponseObject;
}

declare module '@hapi/hapi' {
  interface ServerApplicationState {
    signIn?: SignInService;
    /** Label of the single sign-on button, when an OIDC provider is configured. */
    ssoLabel?: string;
  }
}

/**
 * Sessions (server-side rows behind an encrypted cookie), CSRF protection for every
 * cookie-authenticated write, local email + password sign-in, sign-out, the founder setup link
 * and GET /api/auth/user. Registers the `session` auth strategy every signed-in route uses.
 */
export const authPlugin: Plugin<AppContext> = {
  name: 'auth',
  async register(server, ctx) {
    const { db, config } = ctx;
    const sessions = new SessionStore(db);
    const cookiePassword = config.sessionSecret ?? (await sharedSecret(db, 'session_cookie_secret'));
    const cookies = {
      session: cookieName(SESSION_COOKIE, config.secureCookies),
      csrf: cookieName(CSRF_COOKIE, config.secureCookies),
    };
    /** Derived from the session, so a token planted in the browser before sign-in is worthless after. */
    const csrfTokenFor = (sessionHash: string) =>
      createHmac('sha256', cookiePassword).update(`csrf:${sessionHash}`).digest('base64url');

    await server.register([
      Cookie,
      {
        plugin: Crumb,
        options: {
          key: cookies.csrf,
          restful: true,
          // Readable by the web client, which echoes it in the X-CSRF-Token header.
          cookieOptions: { path: '/', isSecure: config.secureCookies, isHttpOnly: false, isSameSite: 'Lax' },
        },
      },
    ]);

    server.auth.strategy('session', 'cookie', {
      cookie: {
        name: cookies.session,
        password: cookiePassword,
        isSecure: config.secureCookies,
        isHttpOnly: true,
        isSameSite: 'Lax',
        path: '/',
        ttl: SESSION_ABSOLUTE_MS,
        clearInvalid: true,
      },
      keepAlive: false,
      validate: async (_request: Request, session: SessionCookie) => {
        const record = await sessions.validate(session?.sid);
        if (!record) return { isValid: false };
        return {
          isValid: true,
          credentials: {
            user: record.user,
            sessionHash: record.idHash,
            scope: isApprovedAdmin(record.user) ? ['admin'] : [],
          },
        };
      },
    });

    // After crumb's own check (header or field equals the cookie): for a signed-in request the
    // cookie must also be the session's token, so a cookie an attacker planted (and echoed in a
    // form) is refused. A stale cookie is replaced on any signed-in request.
    server.ext('onPostAuth', (request, h) => {
      const sessionHash = request.auth.credentials?.sessionHash;
      if (!sessionHash) return h.continue;
      const token = csrfTokenFor(sessionHash);
      const sent: unknown = request.state[cookies.csrf];
      if (typeof sent === 'string' && sameText(sent, token)) return h.continue;
      h.state(cookies.csrf, token);
      request.plugins.crumb = token;
      const checked = Boolean((request.route.settings.plugins as { _crumb?: unknown })._crumb);
      if (checked && !['get', 'head', 'options'].includes(request.method)) throw Boom.forbidden();
      return h.continue;
    });
    server.ext('onPreResponse', (request, h) => {
      const sessionHash = request.auth.credentials?.sessionHash;
      const response = request.response;
      if (sessionHash && !Boom.isBoom(response)) response.header(CSRF_HEADER, csrfTokenFor(sessionHash));
      return h.continue;
    });

    const limits = new SignInLimits(ctx.limits);

    const signInPage: SignInService['signInPage'] = (request, h, options = {}) =>
      renderPage(h, {
        title: 'Sign in',
        productName: config.productName,
        status: options.status,
        body: signInBody({
          crumb: request.plugins.crumb ?? '',
          email: options.email,
          error: options.error,
          ssoLabel: server.app.ssoLabel,
        }),
      });

    const signIn: SignInService['signIn'] = async (request, h, user) => {
      const previous = (request.state[cookies.session] as SessionCookie | undefined)?.sid;
      if (previous) await sessions.destroy(previous);
      const sid = await sessions.create(user.id, {
        ipAddress: clientAddress(request),
        userAgent: request.headers['user-agent'] as string | undefined,
      });
      request.cookieAuth.set({ sid } satisfies SessionCookie);
      // A new token with the new session: whatever token the browser held before is retired.
      h.state(cookies.csrf, csrfTokenFor(hashToken(sid)));
      return h.redirect(AFTER_SIGN_IN).code(303);
    };

    const signOut = async (request: Request, h: ResponseToolkit) => {
      const sid = (request.state[cookies.session] as SessionCookie | undefined)?.sid;
      if (sid) await sessions.destroy(sid);
      request.cookieAuth.clear();
      h.unstate(cookies.csrf);
    };

    server.app.signIn = {
      sessions,
      cookies,
      csrfTokenForSession: (sid) => csrfTokenFor(hashToken(sid)),
      signIn,
      signInPage,
    };

    /** The founder address is always an approved admin with a locked role. */
    const applyFounderRule = async (user: UserRow): Promise<UserRow> => {
      const overrides = founderOverrides(user.email, config.founderEmail);
      if (!overrides || (user.is_founder && isApprovedAdmin(user))) return user;
      const [updated] = await db<UserRow>('users')
        .where({ id: user.id })
        .update({
          ...overrides,
          approved_at: user.approved_at ?? new Date(),
          updated_at: new Date(),
        })
        .returning('*');
      return updated!;
    };

    server.route([
      pageRoute(authPages.signInPage, ({ request, h }) => {
        if (request.auth.isAuthenticated) return h.redirect(AFTER_SIGN_IN);
        return signInPage(request, h);
      }),
      pageRoute(authPages.signInWithPassword, async ({ body: { email, password }, request, h }) => {
        // Counted before the password is checked: parallel guesses cannot all get through.
        const verdict = await limits.attempt(email || '(empty)', clientAddress(request));
        if (!verdict.allowed) {
          const minutes = Math.max(1, Math.ceil(verdict.retryAfterMs / 60_000));
          return signInPage(request, h, {
            email,
            status: 429,
            error: `Too many sign-in attempts. Please wait ${minutes === 1 ? '1 minute' : `${minutes} minutes`} and try again.`,
          }).header('Retry-After', String(Math.max(1, Math.ceil(verdict.retryAfterMs / 1000))));
        }
        const user = email ? await findUserByEmail(db, email) : undefined;
        const valid = await verifyPassword(user?.password_hash, password);
        if (!user || !valid) {
          await verdict.attempt.failed();
          return signInPage(request, h, { email, status: 401, error: 'Invalid email or password.' });
        }
        await verdict.attempt.succeeded();
        return signIn(request, h, await applyFounderRule(user));
      }),
      pageRoute(authPages.signOut, async ({ request, h }) => {
        // A link on another site must not sign the admin out: it gets a question, not the act.
        if (request.auth.isAuthenticated && isCrossSite(request, config.publicUrl)) {
          return renderPage(h, {
            title: 'Sign out',
            productName: config.productName,
            body: signOutBody({ crumb: request.plugins.crumb ?? '' }),
          });
        }
        await signOut(request, h);
        return h.redirect('/');
      }),
      pageRoute(authPages.confirmSignOut, async ({ request, h }) => {
        await signOut(request, h);
        return h.redirect('/').code(303);
      }),
      pageRoute(authPages.setupPage, async ({ query: { token }, request, h }) => {
        if (!(await setupTokenIsUsable(db, token))) {
          return renderPage(h, {
            title: 'Setup link not valid',
            productName: config.productName,
            status: 410,
            body: messageBody(
              'This setup link is no longer valid',
              'The founder account already exists, or the link has expired or been used. Restart the server to print a new link while no administrator exists, or sign in.',
              { href: '/api/login', label: 'Sign in' },
            ),
          });
        }
        return renderPage(h, {
          title: 'Create the founder account',
          productName: config.productName,
          body: setupBody({ crumb: request.plugins.crumb ?? '', token, founderEmail: config.founderEmail }),
        });
      }),
      pageRoute(authPages.completeSetup, async ({ body: form, request, h }) => {
        const email = config.founderEmail ?? form.email;
        const again = (error: string, status = 400) =>
          renderPage(h, {
            title: 'Create the founder account',
            productName: config.productName,
            status,
            body: setupBody({
              crumb: request.plugins.crumb ?? '',
              token: form.token,
              founderEmail: config.founderEmail,
              values: form,
              error,
            }),
          });
        if (!(await setupTokenIsUsable(db, form.token)))
          return again('This setup link is no longer valid.', 410);
        if (!z.email().safeParse(email).success) return again('Please enter a valid email address');
        const weak = passwordProblem(form.password);
        if (weak) return again(weak);
        const passwordHash = await hashPassword(form.password);
        if (!(await consumeSetupToken(db, form.token)))
          return again('This setup link is no longer valid.', 410);
        const user = await upsertLocalAdmin(db, {
          email,
          passwordHash,
          firstName: form.firstName || null,
          lastName: form.lastName || null,
          isFounder: true,
        });
        return signIn(request, h, user);
      }),
      contractRoute(
        authRoutes.getCurrentUser,
        ({ request }) => toCurrentUser(request.auth.credentials.user!),
        {},
      ),
    ]);

    const pruneTimer = setInterval(() => void sessions.prune().catch(() => undefined), 60 * 60 * 1000);
    pruneTimer.unref();
    server.events.on('stop', () => clearInterval(pruneTimer));
  },
};

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Whether a navigation came from another site: the browser's Sec-Fetch-Site when it sends one,
 * else an Origin that is not this server's. A request with neither (typed address, old browser,
 * script) is taken as the user's own.
 */
function isCrossSite(request: Request, publicUrl: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') return site !== 'same-origin' && site !== 'none';
  const origin = request.headers.origin;
  if (typeof origin !== 'string') return false;
  if (origin === new URL(publicUrl).origin) return false;
  try {
    return new URL(origin).host !== request.headers.host;
  } catch {
    return true;
  }
}
