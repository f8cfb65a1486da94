import { setTimeout as sleep } from 'node:timers/promises';
import { HubSpotError } from './hubspot-error.js';

/** An admin waits for a few seconds, not for a minute. */
const LONGEST_WAIT_MS = 10_000;
const TRIES = 3;

/**
 * An admin's call to HubSpot, sent again after a 429 once its Retry-After has passed (a sync may be
 * using the burst limit, here or in another program with the token), up to three tries and as long
 * as HubSpot asks for at most ten seconds; anything else fails at once.
 */
export async function patiently<T>(call: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await call();
    } catch (error) {
      const wait = error instanceof HubSpotError && error.status === 429 ? (error.retryAfterMs ?? 0) : null;
      if (wait === null || attempt >= TRIES || wait > LONGEST_WAIT_MS) throw error;
      await sleep(wait);
    }
  }
}
