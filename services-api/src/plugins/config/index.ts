import type { Plugin } from '@hapi/hapi';
import { configRoutes } from '@msp/shared';
import type { AppContext } from '../../app-context.js';
import { cachedJson, contractRoute } from '../../http/route-adapter.js';
import { readPublicConfig } from './public-config.js';

/** The web app's configuration, for every visitor. */
export const configPlugin: Plugin<AppContext> = {
  name: 'config',
  register(server, { db, cache, config }) {
    // Serialized (and tagged) once per change of the settings, which clears the content cache.
    server.route([
      contractRoute(
        configRoutes.getConfig,
        () => cachedJson(cache, 'public-config', () => readPublicConfig(db, cache, config)),
        { publicContent: true },
      ),
    ]);
  },
};
