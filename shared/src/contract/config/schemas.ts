import { z } from 'zod';

/** Names and links the web app shows; set by the provider through the environment. */
export const PublicConfig = z.object({
  productName: z.string(),
  providerName: z.string(),
  providerUrl: z.string(),
  privacyUrl: z.string(),
  termsUrl: z.string(),
  aboutUrl: z.string(),
  impactUrl: z.string(),
});
export type PublicConfig = z.infer<typeof PublicConfig>;
