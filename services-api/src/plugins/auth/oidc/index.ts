import { randomBytes } from 'node:crypto';
import Bell from '@hapi/bell';
import Boom from '@hapi/boom';
import type { Plugin, Request, ResponseObject, ResponseToolkit } from '@hapi/hapi';
import { createRemoteJWKSet, customFetch } from 'jose';
import { authPages } from '@msp/shared';
import type { AppContext } from '../../../app-context.js';
import { ANSWER_LIMITS, capWreckReadsOf, fetchAtMost } from '../../../http/outgoing.js';
import { requestLogger } from '../../../http/request-logger.js';
import { pageRoute } from '../../../http/route-adapter.js';
import { sharedSecret } from '../app-secrets.js';
import { cookieName } from '../session.js';
import type { SignInService } from '../sign-in-routes.js';
import { DiscoveryError, fetchDiscovery, type OidcDiscovery } from './discovery.js';
import { fetchUserinfo, identityFromClaims, SsoError, verifyIdToken, type OidcIdentity } from './id-token.js';
import { userForIdentity } from './oidc-users.js';

/**
 * Bell's encrypted cookie with the state and PKCE verifier of a sign-in in progress; on https it
 * is named with the __Host- prefix, as the session's is.
 */
export const OIDC_STATE_COOKIE = 'msp_oidc_state';
/** Encrypted cookie with the nonce of a sign-in in progress (bell has no place for one); the same. */
export const OIDC_NONCE_COOKIE = 'msp_oidc_nonce';
const STRATEGY = 'oidc';
/** How long a sign-in at the identity provider may take. */
const FLOW_TTL_MS = 10 * 60 * 1000;

export const SSO_FAILED_MESSAGE = 'Single sign-on failed. Please try again.';
export const SSO_NOT_SET_UP_MESSAGE =
  'Single sign-on is not set up on this server. Please sign in with your email and password.';
export const SSO_UNAVAILABLE_MESSAGE =
  'Single sign-on is not available right now. Please sign in with your email and password.';

declare module '@hapi/hapi' {
  interface PluginsStates {
    oidc?: { nonce: string };
  }
  interface PluginProperties {
    crumb?: { generate(request: Request, h: ResponseToolkit): string };
  }
}

declare module '@hapi/bell' {
  // Bell supports the option; its type declarations leave it out.
  interface OptionalOptions {
    isSameSite?: 'Strict' | 'Lax' | false;
  }
}

/** A bell or jose error's message, with what the token endpoint answered when there is one. */
function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const data = Boom.isBoom(error) ? error.data : undefined;
  const detail = Buffer.isBuffer(data)
    ? data.toString('utf8')
    : data instanceof Error
      ? data.message
      : undefined;
  return detail ? `${error.message} (${detail.slice(0, 300)})` : error.message;
}

/** What the route that ends a single sign-on needs from the plugin. */
interface SingleSignOnDeps {
  db: AppContext['db'];
  founderEmail: string | undefined;
  trustEmail: boolean;
  signIn: SignInService;
  cookies: { state: string; nonce: string };
  /** The sign-in page with the error; the reason goes to the log only. */
  failure: (request: Request, h: ResponseToolkit, reason: string) => ResponseObject;
}

/**
 * The route the identity provider sends the browser back to: bell checks the state and exchanges
 * the code, the ID token (checked in the strategy's profile) says who it is, and the user is
 * signed in; any failure lands on the sign-in page with its error.
 */
function singleSignOnRoute({ db, founderEmail, trustEmail, signIn, cookies, failure }: SingleSignOnDeps) {
  return pageRoute(
    authPages.singleSignOn,
    async ({ request, h }) => {
      if (!request.auth.isAuthenticated) return failure(request, h, reasonOf(request.auth.error));
      const identity = (request.auth.credentials as unknown as { profile?: OidcIdentity }).profile;
      if (!identity) return failure(request, h, 'no identity after authentication');
      try {
        const user = await userForIdentity(db, identity, {
          founderEmail: founderEmail,
          trustEmail,
        });
        const response = await signIn.signIn(request, h, user);
        return response.unstate(cookies.nonce);
      } catch (error) {
        if (!(error instanceof SsoError))
          requestLogger(request).error({ err: error }, 'Single sign-on could not save the user');
        return failure(request, h, `${identity.email} (${identity.subject}): ${reasonOf(error)}`);
      }
    },
    {
      options: {
        auth: { strategy: STRATEGY, mode: 'try' },
        // A top-level navigation with no side effect before the provider vouches for the user.
        plugins: { crumb: false },
        ext: {
          onPreAuth: {
            // Bell would answer an error other than access_denied by starting over, sending the
            // browser back to a provider that refuses again: stop here instead.
            method: (request, h) => {
              const { error, error_description: description } = request.query as Record<string, unknown>;
              if (typeof error !== 'string') return h.continue;
              const reason = `the identity provider answered ${error}${typeof description === 'string' ? `: ${description.slice(0, 300)}` : ''}`;
              return failure(request, h, reason).unstate(cookies.state).takeover();
            },
          },
          onPreResponse: {
            method: (request, h) => {
              const nonce = request.plugins.oidc?.nonce;
              const response = request.response;
              if (nonce && !Boom.isBoom(response)) (response as ResponseObject).state(cookies.nonce, nonce);
              return h.continue;
            },
          },
        },
      },
    },
  );
}

/**
 * Single sign-on through any OpenID Connect provider (Entra ID, Google, Okta, Keycloak...), with
 * `@hapi/bell` doing the OAuth 2 authorization code flow with PKCE. Bell knows nothing of OpenID
 * Connect, so this plugin adds what it lacks: discovery at start-up, a nonce, and verification
 * of the ID token against the issuer's published keys. A verified identity signs in through the
 * auth plugin's service, which must be registered first.
 *
 * When the issuer cannot be reached at start-up the server starts without single sign-on and
 * says so in the log; local sign-in keeps working.
 */
export const oidcPlugin: Plugin<AppContext> = {
  name: 'oidc',
  dependencies: ['auth'],
  async register(server, { db, config, logger }) {
    const signInService = server.app.signIn;
    if (!signInService) throw new Error('The oidc plugin needs the auth plugin registered before it');
    const settings = config.oidc;
    const cookies = {
      state: cookieName(OIDC_STATE_COOKIE, config.secureCookies),
      nonce: cookieName(OIDC_NONCE_COOKIE, config.secureCookies),
    };
    if (!settings) {
      // An old bookmark or a link from another installation still lands on the sign-in page.
      server.route(
        pageRoute(authPages.singleSignOn, ({ request, h }) =>
          signInService.signInPage(request, h, { error: SSO_NOT_SET_UP_MESSAGE, status: 404 }),
        ),
      );
      return;
    }

    /** The sign-in page with the error; the reason goes to the log only. */
    const failure = (
      request: Request,
      h: ResponseToolkit,
      reason: string,
      { message = SSO_FAILED_MESSAGE, status = 401 } = {},
    ) => {
      requestLogger(request).warn(`Single sign-on failed: ${reason}`);
      // Routes without crumb get no token before their handler; the page's local form needs one.
      if (!request.plugins.crumb) server.plugins.crumb?.generate(request, h);
      return signInService.signInPage(request, h, { error: message, status }).unstate(cookies.nonce);
    };

    let discovery: OidcDiscovery;
    try {
      discovery = await fetchDiscovery(settings.issuer);
    } catch (error) {
      const reason = error instanceof DiscoveryError ? error.message : reasonOf(error);
      server.logger.error(
        `Single sign-on is OFF: the OpenID Connect provider could not be used. ${reason}. ` +
          'Local email and password sign-in still works; fix OIDC_ISSUER or the provider and restart.',
      );
      // An old bookmark or a sign-in page rendered before the restart still lands somewhere useful.
      server.route(
        pageRoute(authPages.singleSignOn, ({ request, h }) =>
          failure(request, h, 'discovery failed at start-up', {
            message: SSO_UNAVAILABLE_MESSAGE,
            status: 503,
          }),
        ),
      );
      return;
    }

    // Every answer of the identity provider is read up to a limit: its key set, and (through
    // bell) its token endpoint's; discovery and userinfo read theirs the same way.
    const keys = createRemoteJWKSet(new URL(discovery.jwks_uri), {
      [customFetch]: fetchAtMost(ANSWER_LIMITS.identityProvider),
    });
    capWreckReadsOf(discovery.token_endpoint, ANSWER_LIMITS.identityProvider);
    // Encrypts bell's state cookie and the nonce cookie.
    const password = config.sessionSecret ?? (await sharedSecret(db, 'oidc_state_secret', logger));
    const cookieRules = { isSecure: config.secureCookies, isHttpOnly: true, isSameSite: 'Lax' as const };
    // Client secret in the form body unless the provider says it only takes HTTP Basic.
    const authMethods = discovery.token_endpoint_auth_methods_supported;
    const useParamsAuth =
      !authMethods ||
      authMethods.includes('client_secret_post') ||
      !authMethods.includes('client_secret_basic');

    server.state(cookies.nonce, {
      ...cookieRules,
      encoding: 'iron',
      password,
      // Only the redirect back from the identity provider reads it, but a __Host- cookie must be
      // for the whole host.
      path: '/',
      ttl: FLOW_TTL_MS,
      ignoreErrors: true,
      clearInvalid: true,
    });

    await server.register(Bell);
    server.auth.strategy(STRATEGY, 'bell', {
      provider: {
        name: STRATEGY,
        protocol: 'oauth2',
        auth: discovery.authorization_endpoint,
        token: discovery.token_endpoint,
        scope: ['openid', 'email', 'profile'],
        useParamsAuth,
        pkce: 'S256',
        // Runs on the way back, after bell checked the state and exchanged the code: the ID token
        // decides who signed in. A throw here makes bell fail the authentication.
        async profile(credentials, tokenResponse, _get, request) {
          const claims = await verifyIdToken(tokenResponse.id_token, {
            issuer: discovery.issuer,
            clientId: settings.clientId,
            nonce: request.state[cookies.nonce] as string | undefined,
            keys,
          });
          const userinfo =
            claims.email === undefined && discovery.userinfo_endpoint && credentials.token
              ? await fetchUserinfo(discovery.userinfo_endpoint, credentials.token)
              : undefined;
          credentials.profile = identityFromClaims(discovery.issuer, claims, userinfo, {
            trustEmail: settings.trustEmail,
          });
        },
      },
      clientId: settings.clientId,
      clientSecret: settings.clientSecret,
      password,
      cookie: cookies.state,
      ...cookieRules,
      ttl: FLOW_TTL_MS,
      // The redirect URI is {PUBLIC_URL}/api/auth/oidc, whatever proxy the request came through.
      location: config.publicUrl,
      // A fresh nonce per authorization request; the route's onPreResponse puts it in a cookie.
      providerParams: (request) => {
        const nonce = randomBytes(24).toString('base64url');
        request.plugins.oidc = { nonce };
        return { nonce };
      },
    });

    server.route(
      singleSignOnRoute({
        db,
        founderEmail: config.founderEmail,
        trustEmail: settings.trustEmail,
        signIn: signInService,
        cookies,
        failure,
      }),
    );

    server.app.ssoLabel = `Sign in with ${settings.displayName}`;
    // The provider's sign-in page may live elsewhere than its issuer (Cognito, some Okta setups).
    server.app.identityProviderOrigins = [
      ...new Set([new URL(discovery.issuer).origin, new URL(discovery.authorization_endpoint).origin]),
    ];
  },
};
