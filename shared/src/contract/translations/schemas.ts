import { z } from 'zod';
import { LanguageTag } from '../common.js';

export const MessagesParams = z.object({ language: LanguageTag });

/**
 * The product's strings in one language, each missing one filled from the default language, so
 * the page never shows a message id.
 */
export const MessagesResponse = z.object({
  language: z.string(),
  dir: z.enum(['ltr', 'rtl']),
  messages: z.record(z.string(), z.string()),
});
export type MessagesResponse = z.infer<typeof MessagesResponse>;
