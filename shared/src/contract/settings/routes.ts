import { defineRoute } from '../route.js';
import { settingsEndpoints } from './endpoints.js';
import { SiteSettings, SiteSettingsInput } from './schemas.js';

/** Routes of the site's settings. */
export const settingsRoutes = {
  getSettings: defineRoute(settingsEndpoints.getSettings, {
    summary: 'Every setting in effect, where its value comes from, and its default',
    response: SiteSettings,
  }),
  updateSettings: defineRoute(settingsEndpoints.updateSettings, {
    summary: 'Saves some settings; an empty text puts the default back',
    body: SiteSettingsInput,
    response: SiteSettings,
  }),
};
