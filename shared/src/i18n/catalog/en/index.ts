import analyst from './analyst.js';
import levels from './levels.js';
import publicMessages from './public.js';
import settings from './settings.js';

/** The product's own strings in English, the source every other catalogue translates. */
export const EN_MESSAGES = { ...levels, ...analyst, ...publicMessages, ...settings } as const;
export type MessageId = keyof typeof EN_MESSAGES;
