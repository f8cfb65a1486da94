export * from './languages.js';
export * from './negotiate.js';
export * from './units.js';
export * from './format.js';
export * from './catalog/index.js';
