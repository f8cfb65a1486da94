export * from './contract/index.js';
export * from './scoring/levels.js';
export * from './scoring/score.js';
export * from './assessment/demographics.js';
export * from './assessment/attribution.js';
export * from './client/api-client.js';
export * from './templates/render.js';
export * from './i18n/index.js';
