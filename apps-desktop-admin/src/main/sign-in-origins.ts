import { SignInOrigins } from '@msp/shared';
import { isSignInOrigin } from './navigation.js';
import { SERVER_CHECK_TIMEOUT_MS } from './server-address.js';

/**
 * The origins of the identity provider the server's single sign-on sends people to, as the server
 * names them (GET /api/auth/sign-in-origins). Anything that is not an https origin is dropped; a
 * server that cannot say (unreachable, or older than this route) gets none, so its sign-in window
 * shows its own pages only: the password form works, and single sign-on is refused rather than
 * let anywhere.
 */
export async function fetchIdentityProviderOrigins(
  server: string,
  fetchUrl: (url: string, init: RequestInit) => Promise<Response>,
  timeoutMs = SERVER_CHECK_TIMEOUT_MS,
): Promise<string[]> {
  try {
    const response = await fetchUrl(`${server}/api/auth/sign-in-origins`, {
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) return [];
    const answer = SignInOrigins.safeParse(await response.json());
    return answer.success ? answer.data.identityProvider.filter(isSignInOrigin) : [];
  } catch {
    return [];
  }
}
