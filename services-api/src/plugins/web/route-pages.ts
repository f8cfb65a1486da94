import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Server } from '@hapi/hapi';
import {
  escapeHtml,
  routes,
  urlFor,
  type MessagesResponse,
  type PublicConfig,
  type RouteName,
} from '@msp/shared';
import { TaggedText } from '../../http/caching.js';
import type { Logger } from '../../logger.js';

/**
 * The public pages the app draws from an API read, each with the reads its first screen waits for.
 * The page carries their answers and its first screen drawn from them (by the build's render of
 * the app), so it paints from its HTML and CSS; its code is preloaded with the app's entry, and the
 * app takes the screen over (hydrates it) from the same answers.
 */
const ROUTE_READS = {
  // The pillars below the landing page's first screen. Its matrix, further down, is drawn by the app
  // (a phone shows one pillar of it), which reads it then: its 13 KB here would slow the first paint.
  '/': ['listPillars'],
  '/assessment': ['listDemographicFields', 'listAssessmentQuestions', 'getConsentStatement'],
  '/matrix': ['listPillars', 'listMatrixCells'],
} as const satisfies Record<string, readonly RouteName[]>;
export type ReadPagePath = keyof typeof ROUTE_READS;

/**
 * The pages whose drawing does nothing without the app's code: a browser that runs no script shows
 * the page's note on JavaScript instead (index.html).
 */
const NEEDS_SCRIPT: ReadonlySet<ReadPagePath> = new Set(['/assessment']);

/** The reads that take the visitor's language (`?lang=`). */
const LANGUAGE_FREE: readonly RouteName[] = ['getConsentStatement'];

/** A path of one of these pages, with or without a trailing slash. */
export function readPagePath(requestPath: string): ReadPagePath | undefined {
  const bare = requestPath === '/' ? requestPath : requestPath.replace(/\/$/, '');
  return bare in ROUTE_READS ? (bare as ReadPagePath) : undefined;
}

/** The build's shell for `page` (apps-web/scripts/prerender.mjs names them alike). */
const drawnShellFile = (page: ReadPagePath) => `drawn-${page === '/' ? 'landing' : page.slice(1)}.html`;

/** What the build's prerender listed for each page: its code's chunks and stylesheets. */
interface RoutePreloads {
  scripts: string[];
  styles: string[];
}

/** The pages the build lists the code of: those drawn here, and the results (sent with their code). */
type PreloadedPage = ReadPagePath | '/results';

/** dist/route-preloads.json, written by the build (apps-web/scripts/prerender.mjs); none is fine. */
export function readRoutePreloads(distDir: string): Partial<Record<PreloadedPage, RoutePreloads>> {
  const file = path.join(distDir, 'route-preloads.json');
  if (!fs.existsSync(file)) return {};
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Record<PreloadedPage, RoutePreloads>>;
}

/** A results page's address, with a submission id that can be put in an address as it is. */
const RESULTS_PAGE = /^\/results\/([A-Za-z0-9-]{1,64})\/?$/;

/**
 * A results page's head additions, or none for another page. Its code's chunks and stylesheet come
 * with the entry, not once the entry has run and asked for them; and its read is asked for at once,
 * not once all that code has run: the app's call is handed the preloaded answer (the same address
 * and credentials; Chromium ignores the Accept header the two differ in). The page is one person's
 * and is kept by no cache, so it is written for each request.
 */
export function resultsHead(
  requestPath: string,
  language: string,
  preloads: RoutePreloads | undefined,
): string | undefined {
  const submissionId = RESULTS_PAGE.exec(requestPath)?.[1];
  if (!submissionId) return undefined;
  const read = urlFor('getResults', { submissionId }, { lang: language });
  return `${codeLinks(preloads)}<link rel="preload" as="fetch" crossorigin="use-credentials" href="${escapeHtml(read)}">`;
}

/** A page's stylesheets linked and its code's chunks preloaded, for a page sent with its code at once. */
function codeLinks(preloads: RoutePreloads | undefined): string {
  return [
    ...(preloads?.styles ?? []).map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
    ...(preloads?.scripts ?? []).map(
      (href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`,
    ),
  ].join('');
}

/**
 * The shells the build made for the pages it can draw (apps-web/scripts/prerender.mjs):
 * dist/drawn-landing.html, dist/drawn-assessment.html and dist/drawn-matrix.html, each with the rules of the stylesheets
 * its first screen uses inlined and the stylesheets loaded without holding up its paint. A page
 * without one is served undrawn.
 */
export function readDrawnShells(distDir: string): Partial<Record<ReadPagePath, string>> {
  const shells: Partial<Record<ReadPagePath, string>> = {};
  for (const page of Object.keys(ROUTE_READS) as ReadPagePath[]) {
    const file = path.join(distDir, drawnShellFile(page));
    if (fs.existsSync(file)) shells[page] = fs.readFileSync(file, 'utf8');
  }
  return shells;
}

/** JSON safe inside a <script> element: nothing in it can close the element or open a comment. */
export function escapeForScriptTag(json: string): string {
  return json.replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

/**
 * The build's render of a page's first screen (`renderPage` of apps-web/src/prerender.tsx, built
 * into dist/server/): the app at `path` drawn from the visitor's strings, the config and the
 * page's reads, for a visitor with nothing stored in their browser.
 */
export type PageRender = (
  path: string,
  input: { messages: MessagesResponse; config: PublicConfig; reads: Partial<Record<RouteName, unknown>> },
) => Promise<string>;

/**
 * The build's page render, or none where the build has none (the app then draws the page). Loaded
 * on the first drawing, not at start: its megabytes would hold up every start, the CLI's included.
 */
export function loadPageRender(distDir: string): PageRender | undefined {
  const file = path.join(distDir, 'server', 'prerender.js');
  if (!fs.existsSync(file)) return undefined;
  let built: Promise<{ renderPage?: PageRender }> | undefined;
  return async (page, input) => {
    built ??= import(pathToFileURL(file).href) as Promise<{ renderPage?: PageRender }>;
    const { renderPage } = await built;
    if (!renderPage) throw new Error(`${file} has no renderPage`);
    return renderPage(page, input);
  };
}

/** One page's reads, each answer's JSON as the API sent it (read through the server itself). */
async function readAnswers(
  server: Server,
  page: ReadPagePath,
  language: string,
): Promise<Map<RouteName, string>> {
  const answers = new Map<RouteName, string>();
  for (const name of ROUTE_READS[page]) {
    const query = LANGUAGE_FREE.includes(name) ? '' : `?lang=${encodeURIComponent(language)}`;
    const answer = await server.inject({ url: `${routes[name].path}${query}`, app: { internal: true } });
    // A read that fails here is left to the page, which asks for it and shows what went wrong.
    if (answer.statusCode === 200) answers.set(name, answer.payload);
  }
  return answers;
}

/**
 * A page's head additions: its stylesheets, its code's chunks, and its reads' answers as sent. A
 * page drawn here has its stylesheets in its shell already (their rules for the first paint inlined),
 * and its chunks are loaded after its paint with the entry (`app-preloads`, read by the build's
 * after-paint loader); an undrawn one links its stylesheets and preloads its chunks at once.
 */
function routeHead(
  language: string,
  answers: Map<RouteName, string>,
  preloads: RoutePreloads | undefined,
  drawn: boolean,
): string {
  const code = drawn
    ? `<script id="app-preloads" type="application/json">${escapeForScriptTag(JSON.stringify(preloads?.scripts ?? []))}</script>`
    : codeLinks(preloads);
  const reads = [...answers].map(([name, payload]) => `${JSON.stringify(name)}:${payload}`);
  const data = escapeForScriptTag(`{"language":${JSON.stringify(language)},"reads":{${reads.join(',')}}}`);
  return `${code}<script id="app-reads" type="application/json">${data}</script>`;
}

/** What every page of one language is drawn from: the visitor's strings and the config in effect. */
export interface PageContext {
  messages: MessagesResponse;
  config: PublicConfig;
}

/**
 * The first screen of `page`, or an empty root where there is no render or it failed: the page
 * still works, drawn by the app once its code runs, and the failure is logged.
 */
async function renderedRoot(
  render: PageRender | undefined,
  page: ReadPagePath,
  context: PageContext,
  answers: Map<RouteName, string>,
  logger: Logger,
): Promise<string> {
  if (!render) return '';
  // Only a page with all its reads: one missing would draw its error state, which the app retries.
  if (answers.size !== ROUTE_READS[page].length) return '';
  const reads = Object.fromEntries([...answers].map(([name, payload]) => [name, JSON.parse(payload)]));
  try {
    return await render(page, { ...context, reads });
  } catch (error) {
    logger.error({ err: error, page }, 'Could not draw the page on the server; the browser draws it');
    return '';
  }
}

/**
 * One of these pages in one language, in the content in effect: its first screen in the root of
 * `shells.drawn` (the shell whose code loads after the paint), or, where it could not be drawn,
 * `shells.undrawn` as it is when there is one, else `shells.plain` with the page's code preloaded;
 * its head additions in either.
 */
export async function readPage(
  server: Server,
  page: ReadPagePath,
  shells: { plain: string; drawn?: string; undrawn?: TaggedText },
  context: PageContext,
  drawing: {
    preloads: Partial<Record<PreloadedPage, RoutePreloads>>;
    render?: PageRender;
    logger: Logger;
  },
): Promise<TaggedText> {
  const language = context.messages.language;
  const answers = await readAnswers(server, page, language);
  const root = await renderedRoot(drawing.render, page, context, answers, drawing.logger);
  const template = root === '' ? undefined : shells.drawn;
  if (template === undefined && shells.undrawn) return shells.undrawn;
  const head = routeHead(language, answers, drawing.preloads[page], template !== undefined);
  const html = (template ?? shells.plain)
    .replace('</head>', () => `${head}</head>`)
    .replace(
      '<div id="root"></div>',
      () => `<div id="root"${NEEDS_SCRIPT.has(page) ? ' data-needs-script' : ''}>${root}</div>`,
    );
  return new TaggedText(html);
}
