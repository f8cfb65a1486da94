/**
 * How long the job queue waits before each further attempt of a kind of job. Each list is the
 * waits before the 2nd, 3rd, … attempt; a job fails after its last.
 */

/** Handing an email over: a mail server down for a day still gets it. */
export const EMAIL_RETRY_DELAYS_MS = [
  30_000,
  2 * 60_000,
  10 * 60_000,
  3_600_000,
  4 * 3_600_000,
  12 * 3_600_000,
] as const;

/**
 * Delivering a webhook, the Standard Webhooks reference schedule: the first attempt at once, then
 * 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h after each failure; eight attempts in about 28 hours.
 */
export const WEBHOOK_RETRY_DELAYS_MS = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
] as const;

/** Writing an analysis: the analyst falls back on its own, so a retry is for a lost database. */
export const ANALYSIS_RETRY_DELAYS_MS = [5_000, 60_000] as const;

/** The daily retention run: a lost database is the likely failure; what is left waits for the next day. */
export const RETENTION_RETRY_DELAYS_MS = [60_000, 10 * 60_000] as const;
