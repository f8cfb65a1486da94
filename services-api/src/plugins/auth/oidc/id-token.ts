import { errors as joseErrors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { EMAIL_MAX_LENGTH } from '@msp/shared';
import { z } from 'zod';
import { ANSWER_LIMITS, AnswerTooLargeError, jsonAtMost } from '../../../http/outgoing.js';

/** Why a single sign-on attempt was refused; the message goes to the server log, never to the user. */
export class SsoError extends Error {
  override name = 'SsoError';
}

/** Who the identity provider says signed in. */
export interface OidcIdentity {
  issuer: string;
  subject: string;
  /** Lower-case. */
  email: string;
  givenName: string | null;
  familyName: string | null;
  pictureUrl: string | null;
}

export interface IdTokenExpectations {
  /** The issuer exactly as the discovery document spells it. */
  issuer: string;
  clientId: string;
  /** The nonce sent with the authorization request; undefined when it was lost, which fails. */
  nonce: string | undefined;
  /** The issuer's signing keys (createRemoteJWKSet in production). */
  keys: JWTVerifyGetKey;
}

/** Clock difference tolerated between this server and the identity provider. */
const CLOCK_TOLERANCE_SECONDS = 60;

/**
 * Verifies an ID token as OpenID Connect Core 1.0 section 3.1.3.7 asks: signature against the
 * issuer's keys, issuer, audience (and authorized party when several audiences are named),
 * expiry, and the nonce this server sent. Returns the token's claims.
 */
export async function verifyIdToken(idToken: unknown, expected: IdTokenExpectations): Promise<JWTPayload> {
  if (typeof idToken !== 'string' || !idToken) throw new SsoError('the token response has no id_token');
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, expected.keys, {
      issuer: expected.issuer,
      audience: expected.clientId,
      requiredClaims: ['sub', 'iat', 'exp'],
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
    }));
  } catch (error) {
    const reason =
      error instanceof joseErrors.JOSEError ? `${error.code}: ${error.message}` : (error as Error).message;
    throw new SsoError(`the ID token is not valid (${reason})`);
  }
  const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if ((audiences.length > 1 || payload.azp !== undefined) && payload.azp !== expected.clientId) {
    throw new SsoError('the ID token was issued to another authorized party (azp)');
  }
  if (!expected.nonce) throw new SsoError('the nonce cookie is missing or expired');
  if (payload.nonce !== expected.nonce) throw new SsoError('the ID token nonce does not match this sign-in');
  return payload;
}

const text = (max: number) =>
  z
    .string()
    .trim()
    .transform((value) => value.slice(0, max) || undefined)
    .optional()
    .catch(undefined);

/** Profile claims; a malformed optional claim is ignored rather than failing the sign-in. */
const ProfileClaims = z.object({
  sub: z.string().min(1).max(255),
  email: z.unknown().optional(),
  // Some providers (Amazon Cognito among them) send the boolean as a string.
  email_verified: z
    .union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')])
    .optional()
    .catch(undefined),
  given_name: text(100),
  family_name: text(100),
  name: text(201),
  picture: z
    .url({ protocol: /^https?$/ })
    .max(2000)
    .optional()
    .catch(undefined),
});

const Email = z.email().max(EMAIL_MAX_LENGTH);

/**
 * The identity from the verified ID token's claims, completed from the userinfo response when
 * the ID token lacks the email (providers that keep ID tokens small). The email must be present
 * and verified: `email_verified: true`, or, from an issuer trusted for email, not marked false
 * (Entra ID sends no `email_verified` at all). A missing flag counts as unverified, since on a
 * multi-tenant issuer anyone can put any address in their own directory.
 */
export function identityFromClaims(
  issuer: string,
  idClaims: JWTPayload,
  userinfo: Record<string, unknown> | undefined,
  { trustEmail }: { trustEmail: boolean },
): OidcIdentity {
  const fromToken = ProfileClaims.safeParse(idClaims);
  if (!fromToken.success) throw new SsoError('the ID token has no usable subject (sub)');
  const token = fromToken.data;
  let extra: z.infer<typeof ProfileClaims> | undefined;
  if (userinfo) {
    const parsed = ProfileClaims.safeParse(userinfo);
    // OpenID Connect Core 5.3.2: a userinfo answer about someone else must not be used.
    if (!parsed.success || parsed.data.sub !== token.sub)
      throw new SsoError('the userinfo subject does not match');
    extra = parsed.data;
  }

  // The email and its verified flag are taken together from the same source.
  const emailSource = token.email !== undefined || !extra ? token : extra;
  if (typeof emailSource.email !== 'string' || !emailSource.email.trim()) {
    throw new SsoError(
      'the identity provider sent no email address (is the "email" scope or claim enabled?)',
    );
  }
  const email = Email.safeParse(emailSource.email.trim().toLowerCase());
  if (!email.success) throw new SsoError('the identity provider sent an email address that is not valid');
  if (emailSource.email_verified === false)
    throw new SsoError(`the email address ${email.data} is not verified`);
  if (emailSource.email_verified === undefined && !trustEmail) {
    throw new SsoError(
      `the identity provider did not say the email address ${email.data} is verified ` +
        '(set OIDC_TRUST_EMAIL=true only if this issuer gives out addresses its users own)',
    );
  }

  let givenName = token.given_name ?? extra?.given_name;
  let familyName = token.family_name ?? extra?.family_name;
  const fullName = token.name ?? extra?.name;
  if (!givenName && !familyName && fullName) {
    // Only a display name: its first word is the best guess at a first name.
    const [first, ...rest] = fullName.split(/\s+/);
    givenName = first?.slice(0, 100);
    familyName = rest.join(' ').slice(0, 100) || undefined;
  }
  return {
    issuer,
    subject: token.sub,
    email: email.data,
    givenName: givenName ?? null,
    familyName: familyName ?? null,
    pictureUrl: token.picture ?? extra?.picture ?? null,
  };
}

const USERINFO_TIMEOUT_MS = 10_000;

/** GET on the userinfo endpoint with the access token; JSON answers only. */
export async function fetchUserinfo(endpoint: string, accessToken: string): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(endpoint, {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      signal: AbortSignal.timeout(USERINFO_TIMEOUT_MS),
    });
  } catch (error) {
    throw new SsoError(`the userinfo endpoint could not be reached (${(error as Error).message})`);
  }
  if (!response.ok) throw new SsoError(`the userinfo endpoint answered HTTP ${response.status}`);
  const body = await jsonAtMost(response, ANSWER_LIMITS.identityProvider).catch((error: unknown) => {
    if (error instanceof AnswerTooLargeError) throw new SsoError(`the userinfo endpoint ${error.message}`);
    return undefined;
  });
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw new SsoError('the userinfo endpoint did not answer with a JSON object');
  }
  return body as Record<string, unknown>;
}
