import type { Plugin } from '@hapi/hapi';
import { LANGUAGE_COOKIE, translationRoutes } from '@msp/shared';
import type { AppContext } from '../../app-context.js';
import { cachedJson, contractRoute } from '../../http/route-adapter.js';
import { translationAdminRoutes } from './admin-routes.js';
import { readLanguageTexts, visitorMessages } from '../languages/languages-service.js';

/**
 * The languages and their texts: the web app's strings for a visitor who switches language, and
 * the administrator's languages and translations.
 */
export const translationsPlugin: Plugin<AppContext> = {
  name: 'translations',
  register(server, context) {
    const { db, cache } = context;
    // The visitor's choice of language, set by the page's switcher. A preference, read on page
    // requests; a value that is not a cookie hapi can parse is ignored rather than refused.
    server.state(LANGUAGE_COOKIE, {
      ignoreErrors: true,
      clearInvalid: false,
      strictHeader: false,
      isHttpOnly: false,
      isSecure: false,
      isSameSite: 'Lax',
      path: '/',
    });
    server.route([
      contractRoute(
        translationRoutes.getMessages,
        async ({ params }) => {
          const texts = await readLanguageTexts(db, cache, params.language);
          return cachedJson(cache, `messages:${texts.language}`, async () => visitorMessages(texts));
        },
        { publicContent: true },
      ),
      ...translationAdminRoutes(context),
    ]);
  },
};
