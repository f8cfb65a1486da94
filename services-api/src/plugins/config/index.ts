import type { Plugin } from '@hapi/hapi';
import { configRoutes } from '@msp/shared';
import type { AppContext } from '../../app-context.js';
import { contractRoute, JsonText } from '../../http/route-adapter.js';
import { publicConfigOf } from './public-config.js';

/** The web app's configuration, for every visitor. */
export const configPlugin: Plugin<AppContext> = {
  name: 'config',
  register(server, { config }) {
    // Fixed for the life of the process: serialized (and tagged) once.
    const publicConfig = new JsonText(JSON.stringify(publicConfigOf(config)));
    server.route([contractRoute(configRoutes.getConfig, () => publicConfig, { publicContent: true })]);
  },
};
