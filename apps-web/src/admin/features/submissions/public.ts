/** What other admin features may use of the submissions: the list's cache keys, to refresh after a change. */
export { DOMAINS_KEY, SUBMISSIONS_KEY } from './queries.js';
/** The languages submissions are filtered by, and their names on screen. */
export { languageLabel, useOfferedLanguages } from './languages.js';
