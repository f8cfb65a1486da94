import Boom from '@hapi/boom';
import type { RouteExtObject } from '@hapi/hapi';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { clientAddress } from './client-address.js';

/** Seconds to wait as a Retry-After header says it: whole seconds, never 0 while a limit holds. */
export function retryAfterSeconds(ms: number): string {
  return String(Math.max(1, Math.ceil(ms / 1000)));
}

/** A 429 with `message` and the Retry-After of how long the limit still holds. */
export function tooManyRequests(message: string, msBeforeNext: number): Boom.Boom {
  const error = Boom.tooManyRequests(message);
  error.output.headers['Retry-After'] = retryAfterSeconds(msBeforeNext);
  return error;
}

/**
 * Takes `points` (one by default) of `key`'s allowance: null when there was one, else how long until there is. A
 * store that fails (the database is down) throws its own error, which the request guards answer
 * as a 503.
 */
export async function consumeAllowance(
  limiter: RateLimiterAbstract,
  key: string,
  points = 1,
): Promise<number | null> {
  try {
    await limiter.consume(key, points);
    return null;
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    return rejection.msBeforeNext;
  }
}

/** Takes `points` (one by default) of `key`'s allowance, or throws the 429 that says so. */
export async function consumeOrRefuse(
  limiter: RateLimiterAbstract,
  key: string,
  message: string,
  points = 1,
): Promise<void> {
  const waitMs = await consumeAllowance(limiter, key, points);
  if (waitMs !== null) throw tooManyRequests(message, waitMs);
}

/**
 * A route's per-client allowance, taken before the request's body is read (hapi runs onPreAuth
 * before it parses the payload), so a request refused for its input costs its sender as much as
 * one accepted: a flood of broken bodies is stopped by the limit like any other. The server's own
 * warm-up requests take nothing. For a route's `ext.onPreAuth`.
 */
export function perClientAllowance(limiter: RateLimiterAbstract, message: string): RouteExtObject {
  return {
    method: async (request, h) => {
      if (!request.app.internal) await consumeOrRefuse(limiter, clientAddress(request), message);
      return h.continue;
    },
  };
}
