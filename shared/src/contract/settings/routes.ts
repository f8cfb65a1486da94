import { z } from 'zod';
import { defineRoute } from '../route.js';
import { LogoParams, LogoState, LogoUpload } from './branding.js';
import { settingsEndpoints } from './endpoints.js';
import { SiteSettings, SiteSettingsInput } from './schemas.js';

/** Routes of the site's settings and its logo. */
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
  getLogo: defineRoute(settingsEndpoints.getLogo, {
    summary: "The provider's logo as stored (a PNG), or null when there is none",
    response: LogoState,
  }),
  uploadLogo: defineRoute(settingsEndpoints.uploadLogo, {
    summary:
      'Replaces the logo with a PNG or SVG of at most 512 KB; an SVG is drawn into a PNG, and only its pixels are kept',
    body: LogoUpload,
    response: LogoState,
    examples: {
      body: { type: 'image/svg+xml', data: 'PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=' },
    },
  }),
  removeLogo: defineRoute(settingsEndpoints.removeLogo, {
    summary: 'Removes the logo; pages, emails and reports go without one',
    response: LogoState,
  }),
  getPublicLogo: defineRoute(settingsEndpoints.getPublicLogo, {
    summary:
      "The provider's logo as PNG; its digest in the path, so an answer for the current one is kept for good",
    params: LogoParams,
    response: z.string().meta({ description: 'The logo as a PNG image' }),
    produces: ['image/png'],
  }),
};
