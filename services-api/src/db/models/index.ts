export * from './content.js';
export * from './submissions.js';
