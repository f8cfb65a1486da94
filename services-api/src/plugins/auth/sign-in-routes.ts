import type { Request, ResponseObject, ResponseToolkit, Server, ServerRoute } from '@hapi/hapi';
import { addressDomain, anAddressAt, authPages, emailProblem } from '@msp/shared';
import type { AppContext } from '../../app-context.js';
import type { UserRow } from '../../db/tables.js';
import { findUserByEmail } from '../../db/tables.js';
import { verifyPassword } from '../../domain/passwords.js';
import { hashToken } from '../../domain/tokens.js';
import { clientAddress } from '../../http/client-address.js';
import { renderPage } from '../../http/pages.js';
import { retryAfterSeconds } from '../../http/rate-limit.js';
import { pageRoute } from '../../http/route-adapter.js';
import { founderOverrides, isApprovedAdmin } from '../users/users-service.js';
import { signInBody, signOutBody } from './pages.js';
import type { SessionCookie } from './session.js';
import type { SessionStore } from './session-store.js';
import { founderSetupRoutes } from './setup-routes.js';
import { SignInLimits } from './sign-in-limits.js';
import { recordAudit } from '../../http/audit-trail.js';

/** Where a signed-in user lands. */
const AFTER_SIGN_IN = '/admin';

/**
 * What the audit trail keeps of what was typed to sign in to no account: the domain of a
 * well-formed address, else only that it was not one. The field takes anything, a password typed
 * into the wrong box included, and the trail keeps its records for good.
 */
function typedAccount(typed: string): string {
  if (typed.trim() === '') return '(empty)';
  const domain = emailProblem(typed) ? null : addressDomain(typed);
  return domain ? anAddressAt(domain) : '(not an email address)';
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
    /** Origins of the identity provider's pages, once single sign-on is set up. */
    identityProviderOrigins?: string[];
  }
}

/**
 * The pages that sign people in and out: the sign-in page and its password form (rate-limited per
 * address and per account), sign-out (asking first when the link came from another site), and the
 * one-time founder setup link (setup-routes.ts). Sets `server.app.signIn`, which single sign-on and invites use to
 * start a session the same way.
 */
export function signInPageRoutes(
  server: Server,
  { db, config, limits: limiterStore }: AppContext,
  {
    sessions,
    cookies,
    csrfTokenFor,
  }: {
    sessions: SessionStore;
    cookies: { session: string; csrf: string };
    csrfTokenFor: (sessionHash: string) => string;
  },
): ServerRoute[] {
  const limits = new SignInLimits(limiterStore);

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
    await recordAudit(db, request, {
      action: 'auth.sign_in',
      actor: { kind: 'user', id: user.id, name: user.email },
      targetId: user.id,
    });
    // A new token with the new session: whatever token the browser held before is retired.
    h.state(cookies.csrf, csrfTokenFor(hashToken(sid)));
    return h.redirect(AFTER_SIGN_IN).code(303);
  };

  const signOut = async (request: Request, h: ResponseToolkit) => {
    const sid = (request.state[cookies.session] as SessionCookie | undefined)?.sid;
    if (sid) await sessions.destroy(sid);
    const user = request.auth.credentials?.user;
    if (user) {
      await recordAudit(db, request, {
        action: 'auth.sign_out',
        actor: { kind: 'user', id: user.id, name: user.email },
        targetId: user.id,
      });
    }
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

  return [
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
        }).header('Retry-After', retryAfterSeconds(verdict.retryAfterMs));
      }
      const user = email ? await findUserByEmail(db, email) : undefined;
      const valid = await verifyPassword(user?.password_hash, password);
      if (!user || !valid) {
        await verdict.attempt.failed();
        // Only attempts the limiter let through are recorded, so a flood cannot flood the trail.
        await recordAudit(db, request, {
          action: 'auth.sign_in_failed',
          actor: user
            ? { kind: 'user', id: user.id, name: user.email }
            : { kind: 'anonymous', id: null, name: typedAccount(email) },
          targetId: user?.id ?? null,
        });
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
    ...founderSetupRoutes({ db, config }, signIn),
  ];
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
