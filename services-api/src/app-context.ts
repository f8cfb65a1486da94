import type { Config } from './config.js';
import type { ContentCache } from './content-cache.js';
import type { Database } from './db/knex.js';
import type { LimiterStore } from './http/limiter-store.js';
import type { JobWorker } from './jobs/job-worker.js';
import type { ApiKeyAuthenticator } from './plugins/api-keys/api-key-authenticator.js';
import type { PublicContent } from './plugins/public-content/content-service.js';
import type { AnalysisWriter } from './plugins/submissions/results-service.js';

/** What every feature plugin is given at registration. */
export interface AppContext {
  config: Config;
  db: Database;
  cache: ContentCache;
  content: PublicContent;
  /** Writes and reads back submissions' analyses. */
  analysis: AnalysisWriter;
  /** Runs the follow-up jobs; nudged when this process queues new ones. */
  jobs: JobWorker;
  /** Finds the key of a token; told when keys change, here and (PostgreSQL) on other instances. */
  apiKeys: ApiKeyAuthenticator;
  /** Where rate limits and sign-in lockouts are counted: PostgreSQL, or memory on PGlite. */
  limits: LimiterStore;
}
