import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Boom from '@hapi/boom';
import Inert from '@hapi/inert';
import type { Plugin, Request, ResponseToolkit } from '@hapi/hapi';
import { escapeHtml, LANGUAGE_COOKIE, type MessagesResponse, type PublicConfig } from '@msp/shared';
import type { AppContext } from '../../app-context.js';
import {
  asPublicContent,
  IMMUTABLE_CACHE_CONTROL,
  NO_STORE,
  PUBLIC_CACHE_CONTROL,
  TaggedText,
  tagPerEncodingOnlyWhenCompressible,
} from '../../http/caching.js';
import { readPublicConfig } from '../config/public-config.js';
import { readLanguageTexts, resolveLanguage, visitorMessages } from '../languages/languages-service.js';
import {
  escapeForScriptTag,
  loadPageRender,
  readPagePath,
  readDrawnShells,
  readPage,
  readResultsPage,
  readRoutePreloads,
  resultsPageSubmission,
  titledResultsShell,
  type ReadPagePath,
} from './route-pages.js';

/** Client-side routes every visitor sees alike: a CDN may keep their shell. */
const PUBLIC_ROUTES = [/^\/$/, /^\/assessment\/?$/, /^\/matrix\/?$/, /^\/embed\/?$/];
/** Client-side routes of one person's data: their shell is never kept by a cache. */
const PERSONAL_ROUTES = [
  /^\/my(\/sign-in|\/reminders|\/team)?\/?$/,
  /^\/team\/join\/?$/,
  /^\/results\/[^/]+\/?$/,
  /^\/embed\/results\/[^/]+\/?$/,
  /^\/admin(\/.*)?$/,
];
/** The embedded assessment: the only pages another site may frame, and only the allowed sites. */
const EMBED_ROUTE = /^\/embed(\/|$)/;

/** The host-page script that frames /embed (embed.browser.js). */
const embedScript = new TaggedText(fs.readFileSync(new URL('./embed.browser.js', import.meta.url), 'utf8'));
// Any other path is answered with the app's 404 page and status.

/** `?lang=` of the page's address, when it is one value. */
function queryLanguage(request: Request): string | undefined {
  const value: unknown = (request.query as Record<string, unknown>).lang;
  return typeof value === 'string' ? value : undefined;
}

/** The landing page's other languages, for search engines: `?lang=` of each, and the default without. */
function alternates(publicUrl: string, languages: PublicConfig['languages']): string {
  if (languages.length < 2) return '';
  const link = (hreflang: string, href: string) =>
    `<link rel="alternate" hreflang="${escapeHtml(hreflang)}" href="${escapeHtml(href)}">`;
  return [
    ...languages.map(({ tag }) => link(tag, `${publicUrl}/?lang=${encodeURIComponent(tag)}`)),
    link('x-default', `${publicUrl}/`),
  ].join('');
}

/** The visitor's earlier choice of language, from the cookie the page's switcher sets. */
function savedLanguage(request: Request): string | undefined {
  const value: unknown = (request.state as Record<string, unknown> | null)?.[LANGUAGE_COOKIE];
  return typeof value === 'string' ? value : undefined;
}

/** sha256 sources of the inline scripts in the page, for the Content-Security-Policy. */
function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(
    /<script(?![^>]*\bsrc=)(?![^>]*type="application\/json")[^>]*>([\s\S]*?)<\/script>/g,
  )) {
    hashes.push(
      `'sha256-${createHash('sha256')
        .update(match[1] ?? '')
        .digest('base64')}'`,
    );
  }
  return hashes;
}

/**
 * The script sources of the app's pages: its own origin, and the build's inline scripts by hash.
 * The config sits in a JSON script, which needs none.
 */
function scriptSourcesOf(templates: string[]): string {
  return ["'self'", ...new Set(templates.flatMap(inlineScriptHashes))].join(' ');
}

/** The app's pages' policy: their scripts the build's own, framed only by `frameAncestors`. */
function contentSecurityPolicy(scriptSources: string, frameAncestors: string): string {
  return [
    "default-src 'self'",
    `script-src ${scriptSources}`,
    // Blueprint and nivo position elements with inline styles.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');
}

/** The build's HTML: the shell, the shell of the pages the server draws, the prerendered landing pages. */
function readTemplates(distDir: string, indexPath: string) {
  const indexTemplate = fs.readFileSync(indexPath, 'utf8');
  // The shells of the pages the server draws: the rules their first paint needs inlined, and
  // their code loaded after that paint.
  const drawnTemplates = readDrawnShells(distDir);
  // The landing page prerendered by the build in each language the product ships (landing.html
  // is English), with its content's loading states: sent where the server could not draw it from
  // its content (route-pages.ts), so its first paint needs no JavaScript even then. A language
  // without one gets the plain shell, which the app renders.
  const landingTemplates = new Map<string, string>();
  for (const file of fs.readdirSync(distDir)) {
    const match = /^landing(?:\.([A-Za-z-]+))?\.html$/.exec(file);
    if (match) landingTemplates.set(match[1] ?? 'en', fs.readFileSync(path.join(distDir, file), 'utf8'));
  }
  return { indexTemplate, drawnTemplates, landingTemplates };
}

/** The build's `template` in one language, with the configuration in effect written into it. */
function filledInShell(
  template: string,
  publicConfig: PublicConfig,
  texts: MessagesResponse,
  productName: string,
): string {
  return (
    template
      // The build prerenders the landing page with a placeholder for each configured name and link.
      .replace(/__APP_CONFIG_(\w+)__/g, (placeholder, key: string) =>
        key in publicConfig ? escapeHtml(String(publicConfig[key as keyof PublicConfig])) : placeholder,
      )
      // How many languages are offered, so the page's CSS hides the switcher of a one-language
      // site from the first paint: the prerender cannot know it.
      .replace(
        /<html\b[^>]*>/,
        `<html lang="${escapeHtml(texts.language)}" dir="${texts.dir}" data-languages="${publicConfig.languages.length}">`,
      )
      .replace(
        '<!--app-config-->',
        `<script id="app-config" type="application/json">${escapeForScriptTag(JSON.stringify(publicConfig))}</script>` +
          `<script id="app-messages" type="application/json">${escapeForScriptTag(JSON.stringify(texts))}</script>`,
      )
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(productName)}</title>`)
      // Said in the page's language to a visitor whose browser runs no scripts.
      .replace(
        '<!--noscript-->',
        () =>
          `<noscript><p class="noscript-note" role="alert">${escapeHtml(texts.messages['noscript.note'] ?? '')}</p></noscript>`,
      )
  );
}

/**
 * Serves the built web app: hashed assets cached for a year, the HTML shell with the config inlined,
 * cacheable for a short while on the public pages. None of it sets a cookie.
 */
export const webPlugin: Plugin<AppContext> = {
  name: 'web',
  async register(server, { config, db, cache, logger }) {
    const distDir = config.webDistDir;
    if (!distDir) return;
    const indexPath = path.join(distDir, 'index.html');
    if (!fs.existsSync(indexPath)) {
      throw new Error(`The web app is not built: ${indexPath} is missing. Run "npm run build" first.`);
    }
    await server.register(Inert);

    const { indexTemplate, drawnTemplates, landingTemplates } = readTemplates(distDir, indexPath);
    const withConfig = (template: string, publicConfig: PublicConfig, texts: MessagesResponse) =>
      filledInShell(template, publicConfig, texts, config.productName);
    const scriptSources = scriptSourcesOf([
      indexTemplate,
      ...Object.values(drawnTemplates),
      ...landingTemplates.values(),
    ]);
    const policy = (frameAncestors: string) => contentSecurityPolicy(scriptSources, frameAncestors);
    const csp = policy("'none'");
    const origins = config.embedAllowedOrigins;
    const embedCsp = policy(origins.length > 0 ? origins.join(' ') : "'none'");

    /**
     * The shells of one language with the configuration in effect, tagged once per change of
     * it: an administrator's change on the Settings or Translations screen clears the content
     * cache, and the next page served carries the new names, links and texts.
     */
    const withAlternates = (html: string, publicConfig: PublicConfig) =>
      html.replace('</head>', () => `${alternates(config.publicUrl, publicConfig.languages)}</head>`);
    const shellsFor = (publicConfig: PublicConfig, texts: MessagesResponse, ownStrings: boolean) => {
      const html = withConfig(indexTemplate, publicConfig, texts);
      // The embedded page posts to its parent only when the parent is one of these.
      const embedHtml = html.replace(
        '</head>',
        `<meta name="msp-embed-allowed-origins" content="${escapeHtml(origins.join(' '))}"></head>`,
      );
      // Prerendered from the shipped catalogue: not when an administrator reworded a product string
      // of this language, which hydration would find different (the plain shell renders it).
      const landingTemplate = ownStrings ? undefined : landingTemplates.get(texts.language);
      const landing = landingTemplate ? withConfig(landingTemplate, publicConfig, texts) : html;
      const drawnResults = drawnTemplates['/results'];
      return {
        landing: new TaggedText(withAlternates(landing, publicConfig)),
        shell: new TaggedText(html),
        embedShell: new TaggedText(embedHtml),
        // The shell a results page is drawn into, for each request (`readResultsPage`).
        drawnResults:
          drawnResults &&
          titledResultsShell(withConfig(drawnResults, publicConfig, texts), {
            messages: texts,
            config: publicConfig,
          }),
        // What the assessment and the matrix are drawn from (`pageOf`).
        context: { messages: texts, config: publicConfig },
      };
    };
    const drawing = { preloads: readRoutePreloads(distDir), render: loadPageRender(distDir), logger };
    const shellsOf = (language: string) =>
      cache.peek<ReturnType<typeof shellsFor>>(`web-shells:${language}`) ??
      cache.get(`web-shells:${language}`, async () => {
        const [publicConfig, texts] = await Promise.all([
          readPublicConfig(db, cache, config, language),
          readLanguageTexts(db, cache, language),
        ]);
        return shellsFor(publicConfig, visitorMessages(texts), texts.hasStoredMessages);
      });
    // The landing page, the assessment and the matrix, drawn from their reads, which they carry: each
    // when it is first asked for after a change of content, not with every other page's shell.
    const pageOf = (language: string, page: ReadPagePath) =>
      cache.peek<TaggedText>(`web-page:${language}:${page}`) ??
      cache.get(`web-page:${language}:${page}`, async () => {
        const { shell, landing, context } = await shellsOf(language);
        const drawnTemplate = drawnTemplates[page];
        let drawn = drawnTemplate && withConfig(drawnTemplate, context.config, context.messages);
        if (page !== '/') return readPage(server, page, { plain: shell.text, drawn }, context, drawing);
        drawn &&= withAlternates(drawn, context.config);
        // Undrawn, the landing page is the build's, with its content's loading states.
        return readPage(server, page, { plain: shell.text, drawn, undrawn: landing }, context, drawing);
      });

    const sendShell = async (request: Request, h: ResponseToolkit) => {
      const embedded = EMBED_ROUTE.test(request.path);
      const language = await resolveLanguage(db, cache, {
        query: queryLanguage(request),
        saved: savedLanguage(request),
        acceptLanguage: String(request.headers['accept-language'] ?? ''),
      });
      const { shell, embedShell, drawnResults, context } = await shellsOf(language);
      const readPage = readPagePath(request.path);
      const submissionId = embedded ? undefined : resultsPageSubmission(request.path);
      let page = shell;
      if (embedded) page = embedShell;
      else if (readPage) page = await pageOf(language, readPage);
      const html = submissionId
        ? await readResultsPage(
            server,
            submissionId,
            { plain: shell.text, drawn: drawnResults },
            context,
            drawing,
          )
        : page.text;
      const response = h
        .response(html)
        .type('text/html; charset=utf-8')
        .header('Content-Security-Policy', embedded ? embedCsp : csp);
      // The page is in the visitor's language, which these choose.
      response.vary('accept-language').vary('cookie');
      if (PUBLIC_ROUTES.some((pattern) => pattern.test(request.path))) {
        return asPublicContent(request, response, page);
      }
      const known = PERSONAL_ROUTES.some((pattern) => pattern.test(request.path));
      return response.code(known ? 200 : 404).header('Cache-Control', NO_STORE);
    };

    server.route([
      {
        method: 'GET',
        path: '/assets/{file*}',
        options: { auth: false },
        handler: {
          directory: { path: path.join(distDir, 'assets'), redirectToSlash: false, index: false },
        },
      },
      {
        method: 'GET',
        path: '/embed.js',
        options: { auth: false },
        handler: (request, h) =>
          asPublicContent(
            request,
            h.response(embedScript.text).type('text/javascript; charset=utf-8'),
            embedScript,
          ),
      },
      {
        method: 'GET',
        path: '/{path*}',
        options: { auth: false },
        handler: (request, h) => {
          const requested = request.params.path as string | undefined;
          // An API path no route has: JSON, as the API answers, and kept by no cache (an /api/v1
          // path may be a key holder's call that a new release adds).
          if (requested?.startsWith('api/'))
            return h
              .response({ statusCode: 404, error: 'Not Found', message: 'Not Found' })
              .code(404)
              .header('Cache-Control', NO_STORE);
          // Top-level files from public/ (favicon and the like).
          if (requested && !requested.includes('/') && /\.[a-z0-9]+$/i.test(requested)) {
            const file = path.join(distDir, requested);
            // Inert tags it with a hash of the file; its name has none, so only a short while.
            if (fs.existsSync(file)) {
              return h.file(file, { confine: distDir }).header('Cache-Control', PUBLIC_CACHE_CONTROL);
            }
          }
          return sendShell(request, h);
        },
      },
    ]);

    server.ext('onPreResponse', (request, h) => {
      const response = request.response;
      // Inert's responses are of its own variety, which hapi's types do not list.
      if (Boom.isBoom(response) || (response.variety as string) !== 'file') return h.continue;
      // Inert has tagged the file with a hash of its bytes and measured it by now.
      tagPerEncodingOnlyWhenCompressible(request, response, Number(response.headers['content-length']));
      if (request.path.startsWith('/assets/')) response.header('Cache-Control', IMMUTABLE_CACHE_CONTROL);
      return h.continue;
    });
  },
};
