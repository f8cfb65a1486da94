import type { Analyst } from './analysis/analyst.js';
import type { Config } from './config.js';
import type { ChangeListener } from './db/change-listener.js';
import type { ContentCache } from './db/content-cache.js';
import type { Database } from './db/knex.js';
import type { LimiterStore } from './http/limiter-store.js';
import type { JobWorker } from './jobs/job-worker.js';
import type { Logger } from './logger.js';
import type { Mailer } from './mail/mailer.js';
import type { ReportCache } from './report/report-cache.js';

/** Why a submission was not stored: its input, its address's allowance, or a bot's hidden field. */
export type SubmissionRefusal = 'validation' | 'rate-limit' | 'spam';

/** What the resources count for the operator's metrics (GET /metrics). */
export interface AppMetrics {
  submissionAccepted(): void;
  submissionRefused(reason: SubmissionRefusal): void;
}

/**
 * What every resource plugin is given at registration: the configuration and the shared
 * infrastructure, nothing of another resource. A resource builds what it needs from these (the
 * submissions their analysis writer, API keys their authenticator) and registers its own jobs.
 */
export interface AppContext {
  config: Config;
  db: Database;
  logger: Logger;
  /** Public content reads, kept in memory; content writes clear it on every instance. */
  cache: ContentCache;
  /** Hears other instances' changes (PostgreSQL NOTIFY); subscribe before the server starts. */
  changes: ChangeListener;
  /** Runs the follow-up jobs; each resource registers its kinds, and nudges it when it queues one. */
  jobs: JobWorker;
  /** Where rate limits and sign-in lockouts are counted: the rate_limits table, shared by every instance. */
  limits: LimiterStore;
  /** Writes the analyses: the configured model, else the built-in analyst. */
  analyst: Analyst;
  /** Sends email over SMTP, or writes it to the outbox. */
  mailer: Mailer;
  /**
   * The PDF reports this instance drew, kept in memory: whatever deletes submissions drops theirs,
   * as it removes their emails from the outbox.
   */
  reports: ReportCache;
  /** Counts what the operator's metrics report. */
  metrics: AppMetrics;
  /** How long a first view of the results waits for the analysis job; tests shorten it. */
  analysisWaitMs?: number;
}
