/** What other admin features may use of the integrations: their state, to offer a webhook or email only when set up. */
export { useIntegrations } from './queries.js';
