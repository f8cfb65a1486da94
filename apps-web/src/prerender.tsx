// Built by `vite build --ssr` and run by scripts/prerender.mjs after the client build; never shipped.
import {
  DEFAULT_ACCENT_COLOR,
  DEFAULT_REMINDER_DAYS,
  languageDirection,
  languageInfo,
  SOURCE_LANGUAGE,
  type PublicConfig,
} from '@msp/shared/browser';
import { BUILT_IN_CATALOGUES, SHIPPED_LANGUAGES } from '@msp/shared/catalogues';
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
const CONFIG_PLACEHOLDERS: Omit<PublicConfig, 'language' | 'languages' | 'defaultLanguage'> = {
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
  // The assessment's last step says it; the landing page never does.
  reminderDays: DEFAULT_REMINDER_DAYS,
  // Only the results page (never prerendered) shows the provider's brand.
  branding: { accentColor: DEFAULT_ACCENT_COLOR, logoUrl: null },
};

/** The languages the build prerenders the landing page in: those whose strings ship complete. */
export const PRERENDERED_LANGUAGES: readonly string[] = SHIPPED_LANGUAGES;

/**
 * The config as the page in `language` renders it. The served page's config says which languages
 * are offered; the prerender lists the shipped ones, but what it draws depends only on the page's
 * own language (the switcher lists the others once hydrated), so the two need not agree.
 */
function placeholderConfig(language: string): PublicConfig {
  return {
    ...CONFIG_PLACEHOLDERS,
    language,
    languages: SHIPPED_LANGUAGES.map((tag) => ({
      tag,
      nativeName: languageInfo(tag)?.nativeName ?? tag,
      dir: languageDirection(tag),
    })),
    defaultLanguage: SOURCE_LANGUAGE,
  };
}

/**
 * The landing page's HTML in `language` as the browser's first render draws it from the strings
 * the server inlines for it (the built-in catalogue's): the static copy, the provider's
 * names, the pillars' and the matrix's loading states (their data comes from the API), with no
 * theme button pressed. It carries no theme: index.html's first-paint script sets the visitor's.
 */
export async function renderLanding(language: string): Promise<string> {
  const messages = BUILT_IN_CATALOGUES[language];
  if (!messages) throw new Error(`No built-in catalogue for ${language} to prerender the landing page in`);
  await setUpIcons();
  const queryClient = createQueryClient();
  queryClient.setQueryData(queryKey('getConfig', language), placeholderConfig(language));
  const Router = ({ children }: { children: ReactNode }) => (
    <StaticRouter location="/">{children}</StaticRouter>
  );
  const { prelude } = await prerender(
    <StrictMode>
      <App
        Router={Router}
        queryClient={queryClient}
        messages={{ language, dir: languageDirection(language), messages }}
      />
    </StrictMode>,
  );
  return new Response(prelude).text();
}
