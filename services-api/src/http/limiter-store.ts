import { RateLimiterMemory, RateLimiterPostgres, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Database } from '../db/knex.js';

/** The table the rate_limits migration makes; the Postgres store never creates it. */
const TABLE = 'rate_limits';
/** Expired counters are deleted this long after they lapse, at most this often. */
const PRUNE_EVERY_MS = 10 * 60 * 1000;

export interface LimiterOptions {
  /** Names the counter family inside the shared table, e.g. "submit". */
  keyPrefix: string;
  points: number;
  /** Seconds before a key's consumed points reset. */
  duration: number;
}

/**
 * Where rate limits and sign-in lockouts are counted: the PostgreSQL table `rate_limits`, so every
 * instance on one database enforces one limit. A consume is one upsert statement.
 */
export interface LimiterStore {
  limiter(options: LimiterOptions): RateLimiterAbstract;
  /**
   * A limit counted in this instance's memory: for requests so cheap and so frequent (the funnel's
   * beacons) that a write per request to enforce the limit would cost more than the request. Each
   * instance allows `points`, so N instances allow N times as many; use it only where an excess
   * does no more than add to anonymous counts.
   */
  memoryLimiter(options: LimiterOptions): RateLimiterAbstract;
  /** Deletes lapsed counters; the Postgres store would otherwise keep every key it ever saw. */
  prune(): Promise<void>;
  close(): void;
}

export function createLimiterStore(db: Database): LimiterStore {
  const prune = async () => {
    await db(TABLE).where('expire', '<', Date.now()).delete();
  };
  const timer = setInterval(() => void prune().catch(() => undefined), PRUNE_EVERY_MS);
  timer.unref();
  return {
    limiter: (options) =>
      new RateLimiterPostgres({
        ...options,
        storeClient: db,
        storeType: 'knex',
        tableName: TABLE,
        tableCreated: true,
        clearExpiredByTimeout: false,
      }),
    memoryLimiter: (options) => new RateLimiterMemory(options),
    prune,
    close: () => clearInterval(timer),
  };
}
