import { performance } from 'node:perf_hooks';

/**
 * HubSpot's burst limit for an app installed in one account (a private app) on the Free and
 * Starter tiers: 100 requests in any rolling 10 seconds. Professional and Enterprise accounts get
 * 190, and the API limit increase pack 250; the lowest is the default because the product cannot
 * tell an account's tier, and the daily limit (250,000 and up) is far from anything it sends.
 */
export const HUBSPOT_BURST_LIMIT = { maxRequests: 100, windowMs: 10_000 } as const;

export interface RateLimiterOptions {
  /** Requests allowed in any rolling window. */
  maxRequests?: number;
  /** The length of the rolling window. */
  windowMs?: number;
}

/** A promise settled from outside: how waiting acquires learn that a slot may have freed. */
function newWakeUp(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/** Ends a request's hold on its slot; calling it again does nothing. */
export type ReleaseSlot = () => void;

/**
 * Keeps one client's requests under a rolling-window limit such as HubSpot's burst limit.
 *
 * A request holds its slot from the moment it is let go until a full window after its answer came
 * back, not after it was sent: the server counts a request when it arrives, somewhere between the
 * two, so counting from the answer keeps every window the server can see under the limit however
 * long the network takes. One limiter serves one access token in one process; other processes
 * using the same token share HubSpot's count without this one knowing, and the 429 handling covers
 * them.
 */
export class SlidingWindowLimiter {
  readonly maxRequests: number;
  readonly windowMs: number;
  /** When each finished request's slot frees, oldest first. */
  private readonly freesAt: number[] = [];
  private inFlight = 0;
  private pausedUntil = 0;
  private changed = newWakeUp();

  constructor({
    maxRequests = HUBSPOT_BURST_LIMIT.maxRequests,
    windowMs = HUBSPOT_BURST_LIMIT.windowMs,
  }: RateLimiterOptions = {}) {
    if (!Number.isInteger(maxRequests) || maxRequests < 1) throw new RangeError('maxRequests must be ≥ 1');
    if (!(windowMs > 0)) throw new RangeError('windowMs must be > 0');
    this.maxRequests = maxRequests;
    this.windowMs = windowMs;
  }

  /**
   * Waits until a request may go and takes a slot for it; call the returned function once its
   * answer has arrived (or it failed). Rejects with the signal's reason when the signal aborts first.
   */
  async acquire(signal?: AbortSignal): Promise<ReleaseSlot> {
    for (;;) {
      signal?.throwIfAborted();
      const waitMs = this.waitBeforeNext();
      if (waitMs === 0) return this.take();
      await this.sleep(waitMs, signal);
    }
  }

  /** Lets no request go for `ms`: the server said to wait (a 429's Retry-After). */
  pause(ms: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, performance.now() + ms);
  }

  /** How long until a slot frees: 0 now, Infinity when only a running request can free one. */
  private waitBeforeNext(): number {
    const now = performance.now();
    while (this.freesAt.length > 0 && this.freesAt[0]! <= now) this.freesAt.shift();
    if (now < this.pausedUntil) return this.pausedUntil - now;
    if (this.freesAt.length + this.inFlight < this.maxRequests) return 0;
    return this.freesAt.length > 0 ? this.freesAt[0]! - now : Infinity;
  }

  private take(): ReleaseSlot {
    this.inFlight += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.inFlight -= 1;
      // Finished requests are pushed in the order they finish, so the list stays sorted.
      this.freesAt.push(performance.now() + this.windowMs);
      this.changed.resolve();
      this.changed = newWakeUp();
    };
  }

  /** Waits `ms`, or until a running request finishes, or until the signal aborts. */
  private async sleep(ms: number, signal?: AbortSignal): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    let onAbort: (() => void) | undefined;
    const waits: Promise<void>[] = [this.changed.promise];
    // A timer may fire a fraction of a millisecond early; acquire() looks again either way.
    if (Number.isFinite(ms)) waits.push(new Promise((resolve) => (timer = setTimeout(resolve, ms + 1))));
    if (signal) {
      waits.push(
        new Promise((_, reject) => {
          onAbort = () => reject(signal.reason as Error);
          signal.addEventListener('abort', onAbort, { once: true });
        }),
      );
    }
    try {
      await Promise.race(waits);
    } finally {
      clearTimeout(timer);
      if (onAbort) signal?.removeEventListener('abort', onAbort);
    }
  }
}
