/** What other admin features may use of the submissions: the list's cache keys, to refresh after a change. */
export { DOMAINS_KEY, SUBMISSIONS_KEY } from './queries.js';
