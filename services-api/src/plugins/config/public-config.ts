import type { PublicConfig } from '@msp/shared';
import type { Config } from '../../config.js';

/** The names and links the web app shows, as the environment sets them. */
export function publicConfigOf(config: Config): PublicConfig {
  return {
    productName: config.productName,
    providerName: config.providerName,
    providerUrl: config.providerUrl,
    privacyUrl: config.privacyUrl,
    termsUrl: config.termsUrl,
    aboutUrl: config.aboutUrl,
    impactUrl: config.impactUrl,
  };
}
