import type { MessagesOf } from '../types.js';
import type { EN_MESSAGES } from '../en/index.js';
import analyst from './analyst.js';
import levels from './levels.js';
import publicMessages from './public.js';
import settings from './settings.js';

/** The product's own strings in German: complete, which the type checks. */
export const DE_MESSAGES: MessagesOf<typeof EN_MESSAGES> = {
  ...levels,
  ...analyst,
  ...publicMessages,
  ...settings,
};
