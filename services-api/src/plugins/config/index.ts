import type { Plugin } from '@hapi/hapi';
import { configRoutes } from '@msp/shared';
import type { AppContext } from '../../app-context.js';
import { contractRoute } from '../../http/route-adapter.js';
import { publicConfigOf } from './public-config.js';

/** The web app's configuration, for every visitor. */
export const configPlugin: Plugin<AppContext> = {
  name: 'config',
  register(server, { config }) {
    const publicConfig = publicConfigOf(config);
    server.route([contractRoute(configRoutes.getConfig, () => publicConfig)]);
  },
};
