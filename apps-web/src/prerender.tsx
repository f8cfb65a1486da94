// Built by `vite build --ssr` into dist/server/ (which no route serves): scripts/prerender.mjs runs
// `renderLanding` after the client build, and the server runs `renderPage` for the pages whose
// first screen draws from API reads (services-api's web plugin, route-pages.ts).
import {
  DEFAULT_ACCENT_COLOR,
  DEFAULT_REMINDER_DAYS,
  languageDirection,
  languageInfo,
  SOURCE_LANGUAGE,
  type MessagesResponse,
  type PublicConfig,
  type RouteName,
} from '@msp/shared/browser';
import { BUILT_IN_CATALOGUES, SHIPPED_LANGUAGES } from '@msp/shared/catalogues';
import { StrictMode, type ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { App } from './app/App.js';
import { DRAWN_SAMPLE_READS, DRAWN_SAMPLE_SUBMISSION } from './drawn-sample.js';
import { setUpIcons } from './lib/icons/load-icons.js';
import { createQueryClient } from './lib/query-client.js';
import { queryKey } from './lib/query-keys.js';
import { seedInlinedReads } from './lib/public-queries.js';

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
  // Only the results page shows the provider's brand; the server draws it with the one in effect.
  branding: { accentColor: DEFAULT_ACCENT_COLOR, logoUrl: null },
};

/** The languages the build prerenders the landing page in: those whose strings ship complete. */
export const PRERENDERED_LANGUAGES: readonly string[] = SHIPPED_LANGUAGES;

/**
 * The config as the page in `language` renders it, with the shipped languages offered, as a site
 * the server draws lists those in effect (the samples whose rules the build inlines).
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
 * The app's HTML at `location`, from a query client holding what its first render reads, with the
 * icons the browser has ready before it hydrates that page (src/main.tsx).
 */
async function renderApp(
  location: string,
  queryClient: ReturnType<typeof createQueryClient>,
  messages: MessagesResponse,
  icons: { all: boolean },
): Promise<string> {
  await setUpIcons(icons);
  const Router = ({ children }: { children: ReactNode }) => (
    <StaticRouter location={location}>{children}</StaticRouter>
  );
  // A part that fails would be written as a boundary for the browser to draw, with the error's
  // message in the page: the drawing fails as a whole instead, and its caller serves the page undrawn.
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <StrictMode>
      <App Router={Router} queryClient={queryClient} messages={messages} />
    </StrictMode>,
    { onError: (error) => void errors.push(error) },
  );
  if (errors.length > 0) throw errors[0];
  return new Response(prelude).text();
}

/**
 * The landing page's HTML in `language` as the browser's first render draws it from the strings
 * the server inlines for it (the built-in catalogue's): the static copy, the provider's
 * names, the pillars' and the matrix's loading states (their data comes from the API), with no
 * theme button pressed. It carries no theme: index.html's first-paint script sets the visitor's.
 * The server sends it where it could not draw the page from its content (`renderPage`).
 */
export async function renderLanding(language: string): Promise<string> {
  const messages = BUILT_IN_CATALOGUES[language];
  if (!messages) throw new Error(`No built-in catalogue for ${language} to prerender the landing page in`);
  const queryClient = createQueryClient();
  // The languages offered are the site's, known only when it is served: the language switch lists
  // the page's own, and the page's root says so (scripts/prerender.mjs).
  queryClient.setQueryData(queryKey('getConfig', language), {
    ...placeholderConfig(language),
    languages: [],
  });
  // The landing page's own icons only: its code waits for no others before it hydrates.
  return renderApp(
    '/',
    queryClient,
    { language, dir: languageDirection(language), messages },
    { all: false },
  );
}

/** What the server knows of a page it renders: the visitor's strings, the config, the page's reads. */
export interface PageInput {
  messages: MessagesResponse;
  config: PublicConfig;
  reads: Partial<Record<RouteName, unknown>>;
}

/**
 * The first screen of a page whose data the server inlines (`path`: "/", "/assessment", "/matrix" or
 * "/results/<id>"), as the browser's first render draws it from the same data: a visitor with
 * nothing stored, whose browser then hydrates it. Rendered by the server when content changes, and
 * a results page for each request (it is one person's).
 */
export async function renderPage(path: string, { messages, config, reads }: PageInput): Promise<string> {
  const queryClient = createQueryClient();
  queryClient.setQueryData(queryKey('getConfig', messages.language), config);
  seedInlinedReads(queryClient, { language: messages.language, reads });
  // With the icons the browser has ready before it hydrates this page (src/main.tsx).
  return renderApp(path, queryClient, messages, { all: path !== '/' });
}

/**
 * `page` ("/", "/assessment", "/matrix" or "/results") drawn from a sample of every kind of content
 * it shows, in the source language: the build learns from it which rules of the stylesheets the
 * page's first paint needs, which it inlines in the page's shell (scripts/prerender.mjs). The
 * results are drawn with a provider's brand, which they show when one is set.
 */
export function renderSample(page: string): Promise<string> {
  const config = placeholderConfig(SOURCE_LANGUAGE);
  const results = page === '/results';
  return renderPage(results ? `/results/${DRAWN_SAMPLE_SUBMISSION}` : page, {
    messages: { language: SOURCE_LANGUAGE, dir: 'ltr', messages: BUILT_IN_CATALOGUES[SOURCE_LANGUAGE]! },
    config: results ? { ...config, branding: { accentColor: '#8f3985', logoUrl: '/logo.png' } } : config,
    reads: DRAWN_SAMPLE_READS,
  });
}
