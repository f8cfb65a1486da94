import { LanguageQuery } from '../common.js';
import { defineRoute } from '../route.js';
import { configEndpoints } from './endpoints.js';
import { PublicConfig } from './schemas.js';

/** Routes of the web app's configuration. */
export const configRoutes = {
  getConfig: defineRoute(configEndpoints.getConfig, {
    query: LanguageQuery,
    summary: 'Product and provider names and links shown by the web app',
    response: PublicConfig,
  }),
};
