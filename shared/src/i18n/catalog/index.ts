import type { Messages } from '../format.js';
import { DE_MESSAGES } from './de/index.js';
import { EN_MESSAGES } from './en/index.js';

export { EN_MESSAGES, type MessageId } from './en/index.js';

/**
 * The catalogues the product ships, by language. A language an administrator adds beyond these
 * starts with none of its own: its texts fall back to the default language's until translated on
 * the Translations screen, which stores them in the database beside these.
 */
export const BUILT_IN_CATALOGUES: Readonly<Record<string, Messages>> = { en: EN_MESSAGES, de: DE_MESSAGES };

/** The languages whose product strings ship complete, and whose content the seed translates. */
export const SHIPPED_LANGUAGES = Object.keys(BUILT_IN_CATALOGUES);
