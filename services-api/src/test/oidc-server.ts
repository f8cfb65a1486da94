import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type Adapter, type AdapterPayload, type Configuration } from 'oidc-provider';

/** A person the test identity provider knows; the login name typed on its sign-in form is `login`. */
export interface TestAccount {
  login: string;
  email?: string;
  emailVerified?: boolean;
  givenName?: string;
  familyName?: string;
  picture?: string;
  /**
   * false: the ID token carries only `sub`, the profile comes from the userinfo endpoint (what
   * providers that keep ID tokens small, such as Okta, do).
   */
  claimsInIdToken?: boolean;
}

export interface TestOidcClient {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

export interface TestOidcServer {
  /** http://127.0.0.1:PORT (or localhost), the value for OIDC_ISSUER. */
  issuer: string;
  /**
   * Registers the relying party. Separate from start-up because the app needs the issuer before
   * it listens, and the provider needs the app's redirect URI, which exists only after.
   */
  registerClient(client: TestOidcClient): Promise<void>;
  /** Adds or replaces an account. */
  addAccount(account: TestAccount): void;
  stop(): Promise<void>;
}

/**
 * The provider's storage (sessions, interactions, codes, tokens, and clients registered after
 * start-up), in memory for one test run. Expiry is left out: a test ends first.
 */
function memoryAdapter(store: Map<string, AdapterPayload>, model: string): Adapter {
  const key = (id: string) => `${model}:${id}`;
  const findBy = (match: (payload: AdapterPayload) => boolean) =>
    [...store].find(([k, payload]) => k.startsWith(`${model}:`) && match(payload))?.[1];
  return {
    async upsert(id, payload) {
      store.set(key(id), payload);
    },
    async find(id) {
      return store.get(key(id));
    },
    async findByUid(uid) {
      return findBy((payload) => payload.uid === uid);
    },
    async findByUserCode(userCode) {
      return findBy((payload) => payload.userCode === userCode);
    },
    async consume(id) {
      const payload = store.get(key(id));
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    },
    async destroy(id) {
      store.delete(key(id));
    },
    async revokeByGrantId(grantId) {
      for (const [k, payload] of store) if (payload.grantId === grantId) store.delete(k);
    },
  };
}

/**
 * Starts a real OpenID Connect provider (`oidc-provider`) on a free port of 127.0.0.1 with its
 * built-in development sign-in and consent pages: any login name signs in as that account, any
 * password is accepted. Clients must use the authorization code flow with PKCE.
 */
export async function startOidcServer(
  options: {
    accounts?: TestAccount[];
    /**
     * Host name in the issuer URL (it always listens on 127.0.0.1). 'localhost' makes the
     * provider another site than an app on 127.0.0.1, as a real provider is, so the browser
     * applies its cross-site cookie rules to the redirect back.
     */
    hostname?: '127.0.0.1' | 'localhost';
  } = {},
): Promise<TestOidcServer> {
  const accounts = new Map((options.accounts ?? []).map((account) => [account.login, account]));

  // The issuer URL has to be known before the provider exists: listen first, attach it after.
  let handler: http.RequestListener = (_req, res) => res.writeHead(503).end();
  const listener = http.createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const issuer = `http://${options.hostname ?? '127.0.0.1'}:${(listener.address() as AddressInfo).port}`;

  // Our own signing key keeps the provider from warning about its built-in development keys.
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };

  const storage = new Map<string, AdapterPayload>();
  const configuration: Configuration = {
    adapter: (model: string) => memoryAdapter(storage, model),
    jwks: { keys: [signingKey] },
    cookies: { keys: ['test-identity-provider-cookie-secret'] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'name', 'picture'],
    },
    // Scope claims go into the ID token (as Entra ID, Google and Keycloak do) unless an account
    // opts out below; OpenID Connect's default would send them only through userinfo.
    conformIdTokenClaims: false,
    pkce: { required: () => true, methods: ['S256'] },
    // Explicit lifetimes keep the provider from printing a notice for each default it uses.
    ttl: {
      AuthorizationCode: 60,
      AccessToken: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
    },
    features: { devInteractions: { enabled: true } },
    findAccount(_ctx, id) {
      const account = accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        claims(use) {
          if (use === 'id_token' && account.claimsInIdToken === false) return { sub: id };
          const name = [account.givenName, account.familyName].filter(Boolean).join(' ');
          return {
            sub: id,
            email: account.email,
            email_verified: account.emailVerified,
            given_name: account.givenName,
            family_name: account.familyName,
            name: name || undefined,
            picture: account.picture,
          };
        },
      };
    },
  };
  const provider = new Provider(issuer, configuration);
  handler = provider.callback();

  return {
    issuer,
    async registerClient({ clientId, clientSecret, redirectUri }) {
      // Clients the configuration does not list are read from the storage adapter.
      await memoryAdapter(storage, 'Client').upsert(
        clientId,
        {
          client_id: clientId,
          client_secret: clientSecret,
          redirect_uris: [redirectUri],
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_post',
        },
        0,
      );
    },
    addAccount(account) {
      accounts.set(account.login, account);
    },
    stop() {
      return new Promise<void>((resolve, reject) => {
        listener.close((error) => (error ? reject(error) : resolve()));
        listener.closeAllConnections();
      });
    },
  };
}
