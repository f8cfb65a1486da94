import { RateLimiterRes } from 'rate-limiter-flexible';
import type { LimiterStore } from '../../http/limiter-store.js';

/** Sign-in attempts one client address may make in 15 minutes, whatever the accounts. */
export const CLIENT_ATTEMPTS_PER_WINDOW = 30;
const CLIENT_WINDOW_SECONDS = 15 * 60;
/** Failures in a row one client may have on one account before that pair is locked. */
export const PAIR_FAILURES_BEFORE_LOCK = 5;
const PAIR_FAILURE_WINDOW_SECONDS = 60 * 60;
/** The first lock of a pair; each further lock within a day doubles it, up to a day. */
export const FIRST_LOCK_SECONDS = 5 * 60;
const MAX_LOCK_SECONDS = 24 * 60 * 60;
const LOCK_MEMORY_SECONDS = 24 * 60 * 60;
/**
 * Failures one account may take from all addresses together in an hour before it only takes
 * attempts from addresses that signed in to it before: a guess from many addresses at once.
 */
export const ACCOUNT_FAILURES_PER_HOUR = 100;
/** Under 24.8 days: the memory store keeps each key with a timer, and Node's timers go no longer. */
const KNOWN_CLIENT_SECONDS = 14 * 24 * 60 * 60;

/** How long a pair's `nth` lock within a day lasts: doubling from the first, up to a day. */
function lockSeconds(nth: number): number {
  return Math.min(FIRST_LOCK_SECONDS * 2 ** (nth - 1), MAX_LOCK_SECONDS);
}

export type AttemptVerdict =
  { allowed: true; attempt: SignInAttempt } | { allowed: false; retryAfterMs: number };

export interface SignInAttempt {
  /** The password was wrong (or the account unknown): count it, and lock the pair at the limit. */
  failed(): Promise<void>;
  /** The password was right: the pair starts afresh and its client becomes known to the account. */
  succeeded(): Promise<void>;
}

/**
 * The sign-in policy. Every attempt is counted before the password is checked, so parallel guesses
 * cannot outrun the count. Failures lock an (account, client address) pair, never the account
 * itself, so a stranger's five wrong passwords lock out only the stranger; the pair's locks double
 * while the guessing goes on. Each client also has an overall budget across accounts, and an
 * account guessed at from many addresses closes to addresses it has not seen sign in.
 */
export class SignInLimits {
  private readonly clientAttempts;
  private readonly pairFailures;
  private readonly pairLocks;
  private readonly accountFailures;
  private readonly knownClients;

  constructor(store: LimiterStore) {
    this.clientAttempts = store.limiter({
      keyPrefix: 'signin-client',
      points: CLIENT_ATTEMPTS_PER_WINDOW,
      duration: CLIENT_WINDOW_SECONDS,
    });
    this.pairFailures = store.limiter({
      keyPrefix: 'signin-pair',
      points: PAIR_FAILURES_BEFORE_LOCK,
      duration: PAIR_FAILURE_WINDOW_SECONDS,
    });
    this.pairLocks = store.limiter({
      keyPrefix: 'signin-locks',
      points: Number.MAX_SAFE_INTEGER,
      duration: LOCK_MEMORY_SECONDS,
    });
    this.accountFailures = store.limiter({
      keyPrefix: 'signin-account',
      points: ACCOUNT_FAILURES_PER_HOUR,
      duration: 60 * 60,
    });
    this.knownClients = store.limiter({
      keyPrefix: 'signin-known',
      points: 1,
      duration: KNOWN_CLIENT_SECONDS,
    });
  }

  /** Takes an attempt for the account from the client, or says how long to wait. */
  async attempt(account: string, client: string): Promise<AttemptVerdict> {
    const pair = JSON.stringify([account, client]);
    const refused = (rejection: unknown): AttemptVerdict => {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      return { allowed: false, retryAfterMs: rejection.msBeforeNext };
    };
    try {
      await this.clientAttempts.consume(client);
    } catch (rejection) {
      return refused(rejection);
    }
    let taken: RateLimiterRes;
    try {
      taken = await this.pairFailures.consume(pair);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      // Out of attempts for the hour the failures are counted over. Either the pair is locked, and
      // what is left of its lock is the wait, or (in a burst) the attempts that used them up are
      // still being checked, and the wait is the lock their failure is about to set: never the
      // rest of the counting hour.
      const locks = (await this.pairLocks.get(pair))?.consumedPoints ?? 0;
      return {
        allowed: false,
        retryAfterMs: Math.min(rejection.msBeforeNext, lockSeconds(locks + 1) * 1000),
      };
    }
    const accountState = await this.accountFailures.get(account);
    if (accountState && accountState.remainingPoints <= 0 && !(await this.knownClients.get(pair))) {
      return { allowed: false, retryAfterMs: accountState.msBeforeNext };
    }

    return {
      allowed: true,
      attempt: {
        failed: async () => {
          await this.accountFailures.consume(account).catch((rejection: unknown) => {
            if (!(rejection instanceof RateLimiterRes)) throw rejection;
          });
          if (taken.remainingPoints > 0) return;
          // Blocked first, counted after: an attempt refused between the two reads the count
          // without this lock and names this lock's length. Counted first, a refusal in between
          // read this lock as done and named the next one's (10 minutes instead of 5).
          const nth = ((await this.pairLocks.get(pair))?.consumedPoints ?? 0) + 1;
          await this.pairFailures.block(pair, lockSeconds(nth));
          await this.pairLocks.consume(pair);
        },
        succeeded: async () => {
          await Promise.all([
            this.pairFailures.delete(pair),
            this.pairLocks.delete(pair),
            this.knownClients.set(pair, 1, KNOWN_CLIENT_SECONDS),
          ]);
        },
      },
    };
  }
}
