// Built by `vite build --ssr` and run by scripts/prerender.mjs after the client build; never shipped.
import type { PublicConfig } from '@msp/shared/browser';
import { EN_MESSAGES } from '@msp/shared/catalogues';
import { StrictMode, type ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { App } from './app/App.js';
import { setUpIcons } from './lib/icons/load-icons.js';
import { createQueryClient } from './lib/query-client.js';
import { queryKey } from './lib/query-keys.js';

/**
 * The provider's names and links are set at run time: the prerender writes a placeholder for each,
 * which the server replaces with the escaped value when it serves the page (services-api web
 * plugin), the same values it writes into the page's config, so hydration finds what it renders.
 */
const CONFIG_PLACEHOLDERS: PublicConfig = {
  productName: '__APP_CONFIG_productName__',
  providerName: '__APP_CONFIG_providerName__',
  providerUrl: '__APP_CONFIG_providerUrl__',
  privacyUrl: '__APP_CONFIG_privacyUrl__',
  termsUrl: '__APP_CONFIG_termsUrl__',
  aboutUrl: '__APP_CONFIG_aboutUrl__',
  impactUrl: '__APP_CONFIG_impactUrl__',
  callToActionLabel: '__APP_CONFIG_callToActionLabel__',
  callToActionUrl: '__APP_CONFIG_callToActionUrl__',
  privacyNotice: '__APP_CONFIG_privacyNotice__',
  // Not shown on the landing page; the page's config script carries the value in effect.
  questionOrder: 'random',
  language: 'en',
  languages: [{ tag: 'en', nativeName: 'English', dir: 'ltr' }],
  defaultLanguage: 'en',
};

/**
 * The landing page's HTML as the browser's first render draws it: the static copy, the provider's
 * names, the pillars' and the matrix's loading states (their data comes from the API), with no
 * theme button pressed. It carries no theme: index.html's first-paint script sets the visitor's.
 */
export async function renderLanding(): Promise<string> {
  await setUpIcons();
  const queryClient = createQueryClient();
  queryClient.setQueryData(queryKey('getConfig', 'en'), CONFIG_PLACEHOLDERS);
  const Router = ({ children }: { children: ReactNode }) => (
    <StaticRouter location="/">{children}</StaticRouter>
  );
  const { prelude } = await prerender(
    <StrictMode>
      <App
        Router={Router}
        queryClient={queryClient}
        messages={{ language: 'en', dir: 'ltr', messages: EN_MESSAGES }}
      />
    </StrictMode>,
  );
  return new Response(prelude).text();
}
