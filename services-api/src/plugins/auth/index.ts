import Cookie from '@hapi/cookie';
import Crumb from '@hapi/crumb';
import type { Plugin, Request, ResponseObject, ResponseToolkit } from '@hapi/hapi';
import { authRoutes, pageRoutes } from '@msp/shared';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { contractRoute, pageRoute } from '../../http/route-adapter.js';
import { sharedSecret } from './app-secrets.js';
import { hashPassword, passwordProblem, verifyPassword } from './passwords.js';
import { messageBody, renderPage, setupBody, signInBody } from './pages.js';
import { SESSION_ABSOLUTE_MS, SessionStore } from './session-store.js';
import { consumeSetupToken, setupTokenIsUsable } from './setup-link.js';
import {
  findUserByEmail,
  founderOverrides,
  isApprovedAdmin,
  toCurrentUser,
  upsertLocalAdmin,
  type UserRow,
} from '../users/users-service.js';

export const SESSION_COOKIE = 'msp_session';
export const CSRF_COOKIE = 'crumb';

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

/** Failed sign-ins allowed per account, and attempts per client address, in 15 minutes. */
const ACCOUNT_FAILURES_PER_WINDOW = 5;
const CLIENT_ATTEMPTS_PER_WINDOW = 30;
const LIMIT_WINDOW_SECONDS = 15 * 60;

export interface SignInService {
  sessions: SessionStore;
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
  async register(server, { db, config }) {
    const sessions = new SessionStore(db);
    const cookiePassword = config.sessionSecret ?? (await sharedSecret(db, 'session_cookie_secret'));

    await server.register([
      Cookie,
      {
        plugin: Crumb,
        options: {
          key: CSRF_COOKIE,
          restful: true,
          // Readable by the web client, which echoes it in the X-CSRF-Token header.
          cookieOptions: { path: '/', isSecure: config.secureCookies, isHttpOnly: false, isSameSite: 'Lax' },
        },
      },
    ]);

    server.auth.strategy('session', 'cookie', {
      cookie: {
        name: SESSION_COOKIE,
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

    const accountLimiter = new RateLimiterMemory({
      points: ACCOUNT_FAILURES_PER_WINDOW,
      duration: LIMIT_WINDOW_SECONDS,
    });
    const clientLimiter = new RateLimiterMemory({
      points: CLIENT_ATTEMPTS_PER_WINDOW,
      duration: LIMIT_WINDOW_SECONDS,
    });

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
      const previous = (request.state[SESSION_COOKIE] as SessionCookie | undefined)?.sid;
      if (previous) await sessions.destroy(previous);
      const sid = await sessions.create(user.id, {
        ipAddress: request.info.remoteAddress,
        userAgent: request.headers['user-agent'] as string | undefined,
      });
      request.cookieAuth.set({ sid } satisfies SessionCookie);
      return h.redirect(AFTER_SIGN_IN).code(303);
    };

    server.app.signIn = { sessions, signIn, signInPage };

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
      pageRoute(pageRoutes.signInPage, ({ request, h }) => {
        if (request.auth.isAuthenticated) return h.redirect(AFTER_SIGN_IN);
        return signInPage(request, h);
      }),
      pageRoute(pageRoutes.signInWithPassword, async ({ body: { email, password }, request, h }) => {
        const client = request.info.remoteAddress;
        const tooMany = () =>
          signInPage(request, h, {
            email,
            status: 429,
            error: 'Too many sign-in attempts. Please wait 15 minutes and try again.',
          });
        const accountKey = email || '(empty)';
        const [clientState, accountState] = await Promise.all([
          clientLimiter.get(client),
          accountLimiter.get(accountKey),
        ]);
        if ((clientState?.remainingPoints ?? 1) <= 0 || (accountState?.remainingPoints ?? 1) <= 0)
          return tooMany();
        await clientLimiter.consume(client).catch(() => undefined);

        const user = email ? await findUserByEmail(db, email) : undefined;
        const valid = await verifyPassword(user?.password_hash, password);
        if (!user || !valid) {
          await accountLimiter.consume(accountKey).catch(() => undefined);
          return signInPage(request, h, { email, status: 401, error: 'Invalid email or password.' });
        }
        await accountLimiter.delete(accountKey);
        return signIn(request, h, await applyFounderRule(user));
      }),
      pageRoute(pageRoutes.signOut, async ({ request, h }) => {
        const sid = (request.state[SESSION_COOKIE] as SessionCookie | undefined)?.sid;
        if (sid) await sessions.destroy(sid);
        request.cookieAuth.clear();
        return h.redirect('/');
      }),
      pageRoute(pageRoutes.setupPage, async ({ query: { token }, request, h }) => {
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
      pageRoute(pageRoutes.completeSetup, async ({ body: form, request, h }) => {
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
        {
          validateResponses: config.validateResponses,
        },
      ),
    ]);

    const pruneTimer = setInterval(() => void sessions.prune().catch(() => undefined), 60 * 60 * 1000);
    pruneTimer.unref();
    server.events.on('stop', () => clearInterval(pruneTimer));
  },
};
