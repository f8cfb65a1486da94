import { ApiError } from '@msp/shared/browser';
import type { T } from '../../lib/i18n/i18n-context.js';

/**
 * What a refused request for a sign-in link says, wherever it was asked (at /my or on the results
 * page): too many (and for how long), a bad address, or a failure to try again.
 */
export function linkRequestProblem(t: T, error: unknown): string {
  if (error instanceof ApiError && error.status === 429) {
    const minutes = Math.max(1, Math.ceil((error.retryAfterSeconds ?? 60) / 60));
    return t('my.signIn.tooMany', { minutes });
  }
  if (error instanceof ApiError && error.status === 400) return t('my.signIn.invalidEmail');
  return t('my.signIn.failed');
}
