import type { Plugin } from '@hapi/hapi';
import { configRoutes } from '@msp/shared';
import type { AppContext } from '../../app-context.js';
import { cachedJson, contractRoute } from '../../http/route-adapter.js';
import { languageOfRead } from '../languages/languages-service.js';
import { readPublicConfig } from './public-config.js';

/** The web app's configuration, for every visitor. */
export const configPlugin: Plugin<AppContext> = {
  name: 'config',
  register(server, { db, cache, config }) {
    // Serialized (and tagged) once per change of the settings, which clears the content cache.
    server.route([
      contractRoute(
        configRoutes.getConfig,
        async ({ query }) => {
          const language = await languageOfRead(db, cache, query.lang);
          return cachedJson(cache, `public-config:${language}`, () =>
            readPublicConfig(db, cache, config, language),
          );
        },
        { publicContent: true },
      ),
    ]);
  },
};
