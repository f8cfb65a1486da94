import type { Analyst } from './analysis/analyst.js';
import type { Config } from './config.js';
import type { ContentCache } from './content-cache.js';
import type { Database } from './db/knex.js';
import type { PublicContent } from './plugins/public-content/content-service.js';

/** What every feature plugin is given at registration. */
export interface AppContext {
  config: Config;
  db: Database;
  cache: ContentCache;
  content: PublicContent;
  analyst: Analyst;
}
