/**
 * What browser code imports from shared: the client, the endpoint map, the scoring and level rules,
 * the demographic rules and the contract's types, but no zod schemas, keeping bundles small.
 */
export * from './contract/endpoints.js';
export * from './contract/limits.js';
export * from './contract/audit/actions.js';
export * from './contract/audit/addresses.js';
export type * from './contract/index.js';
export * from './contract/funnel/steps.js';
export * from './contract/personal-data/file-name.js';
export * from './contract/submissions/report-file-name.js';
export * from './contract/submissions/report-paper.js';
export * from './contract/submissions/lead-limits.js';
export * from './contract/visitor/endpoints.js';
export * from './contract/reminders/endpoints.js';
export * from './contract/drafts/endpoints.js';
export * from './contract/teams/endpoints.js';
export * from './contract/teams/roles.js';
export * from './scoring/levels.js';
export * from './scoring/score.js';
export * from './assessment/demographics.js';
export * from './assessment/comparison-phrase.js';
export * from './assessment/attribution.js';
export * from './assessment/reminders.js';
export * from './client/api-client.js';
export * from './templates/render.js';
// The language rules and the formatter, without the catalogues: a page gets its language's strings
// from the server (inlined in the page, or fetched when the visitor switches), never in the bundle.
export * from './i18n/languages.js';
export * from './i18n/negotiate.js';
export * from './i18n/format.js';
export * from './i18n/units.js';
export type { MessageId } from './i18n/catalog/en/index.js';
export * from './branding/colors.js';
export * from './branding/cover.js';
