/** What other admin features may use of the dashboard: its counts' cache key, to refresh after a change. */
export { STATS_KEY } from './queries.js';
