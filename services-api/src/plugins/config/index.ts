import type { Plugin } from '@hapi/hapi';
import { configRoutes, type PublicConfig } from '@msp/shared';
import type { AppContext } from '../../app-context.js';
import type { Config } from '../../config.js';
import { contractRoute } from '../../http/route-adapter.js';

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

/** The web app's configuration, for every visitor. */
export const configPlugin: Plugin<AppContext> = {
  name: 'config',
  register(server, { config }) {
    const publicConfig = publicConfigOf(config);
    server.route([contractRoute(configRoutes.getConfig, () => publicConfig)]);
  },
};
