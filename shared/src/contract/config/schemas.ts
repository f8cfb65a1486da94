import { z } from 'zod';
import { QuestionOrder } from '../common.js';

/**
 * Names, links and texts the web app shows, as in effect: the environment's, else what an
 * administrator saved on the Settings screen, else the defaults.
 */
export const PublicConfig = z.object({
  productName: z.string(),
  providerName: z.string(),
  providerUrl: z.string(),
  privacyUrl: z.string(),
  termsUrl: z.string(),
  aboutUrl: z.string(),
  impactUrl: z.string(),
  /** The results page's call to action: its button's text and where it leads. */
  callToActionLabel: z.string(),
  callToActionUrl: z.string(),
  /** Shown under the email field of the "About you" step. */
  privacyNotice: z.string(),
  questionOrder: QuestionOrder,
  /** The days after a submission its reminder to reassess comes, for visitors who ask for one. */
  reminderDays: z.number().int(),
  /** The language these texts are in. */
  language: z.string(),
  /** What the visitor's switcher offers, the default first. */
  languages: z.array(z.object({ tag: z.string(), nativeName: z.string(), dir: z.enum(['ltr', 'rtl']) })),
  defaultLanguage: z.string(),
  /** The provider's brand on the results page: its accent colour (`#rrggbb`) and logo, if any. */
  branding: z.object({
    accentColor: z.string(),
    /** The logo's versioned address on this site (a PNG), or null without one. */
    logoUrl: z.string().nullable(),
  }),
});
export type PublicConfig = z.infer<typeof PublicConfig>;
