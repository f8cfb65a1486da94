/** What other admin features may use of the analytics: its cache key, to refresh after a change. */
export { ANALYTICS_KEY } from './queries.js';
