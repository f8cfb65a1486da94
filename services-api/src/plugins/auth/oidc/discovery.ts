import { z } from 'zod';
import { ANSWER_LIMITS, AnswerTooLargeError, jsonAtMost } from '../../../http/outgoing.js';

/** The parts of an OpenID Provider's discovery document single sign-on uses. */
const DiscoveryDocument = z.object({
  issuer: z.string().min(1),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  jwks_uri: z.url(),
  userinfo_endpoint: z.url().optional(),
  token_endpoint_auth_methods_supported: z.array(z.string()).optional(),
});

export type OidcDiscovery = z.infer<typeof DiscoveryDocument>;

export class DiscoveryError extends Error {
  override name = 'DiscoveryError';
}

const DISCOVERY_TIMEOUT_MS = 10_000;

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');

/**
 * Reads `{issuer}/.well-known/openid-configuration` and checks that it describes the configured
 * issuer (OpenID Connect Discovery 1.0, section 4.3). The returned `issuer` is the provider's own
 * spelling, the exact string its ID tokens carry: issuers such as Auth0's end in a slash that the
 * configuration may have dropped. Throws a DiscoveryError saying what is wrong.
 */
export async function fetchDiscovery(configuredIssuer: string): Promise<OidcDiscovery> {
  const url = `${withoutTrailingSlash(configuredIssuer)}/.well-known/openid-configuration`;
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(DISCOVERY_TIMEOUT_MS),
    });
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
    throw new DiscoveryError(`${url} could not be fetched (${(error as Error).message}${cause})`);
  }
  if (!response.ok) throw new DiscoveryError(`${url} answered HTTP ${response.status}`);
  let body: unknown;
  try {
    body = await jsonAtMost(response, ANSWER_LIMITS.identityProvider);
  } catch (error) {
    if (error instanceof AnswerTooLargeError) throw new DiscoveryError(error.message);
    throw new DiscoveryError(`${url} did not answer with JSON`);
  }
  const parsed = DiscoveryDocument.safeParse(body);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => issue.path.join('.') || '(document)');
    throw new DiscoveryError(`${url} is not a usable discovery document (check ${fields.join(', ')})`);
  }
  if (withoutTrailingSlash(parsed.data.issuer) !== withoutTrailingSlash(configuredIssuer)) {
    throw new DiscoveryError(
      `${url} describes the issuer ${parsed.data.issuer}, not ${configuredIssuer}; set OIDC_ISSUER to the provider's issuer`,
    );
  }
  return parsed.data;
}
