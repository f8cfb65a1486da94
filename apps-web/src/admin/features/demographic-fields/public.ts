/** What other admin features may use of the demographic fields: the list, to label answers. */
export { useDemographicFields } from './queries.js';
