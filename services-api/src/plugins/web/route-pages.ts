import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Server } from '@hapi/hapi';
import {
  createTranslator,
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

/** The pages the server draws: those above, and a results page from its submission's results. */
export type DrawnPage = ReadPagePath | '/results';
const DRAWN_PAGES: readonly DrawnPage[] = [...(Object.keys(ROUTE_READS) as ReadPagePath[]), '/results'];

/** The build's shell for `page` (apps-web/scripts/prerender.mjs names them alike). */
const drawnShellFile = (page: DrawnPage) => `drawn-${page === '/' ? 'landing' : page.slice(1)}.html`;

/** What the build's prerender listed for each page: its code's chunks and stylesheets. */
interface RoutePreloads {
  scripts: string[];
  styles: string[];
}

/** The pages the build lists the code of: those drawn here. */
type PagePreloads = Partial<Record<DrawnPage, RoutePreloads>>;

/** dist/route-preloads.json, written by the build (apps-web/scripts/prerender.mjs); none is fine. */
export function readRoutePreloads(distDir: string): PagePreloads {
  const file = path.join(distDir, 'route-preloads.json');
  if (!fs.existsSync(file)) return {};
  return JSON.parse(fs.readFileSync(file, 'utf8')) as PagePreloads;
}

/** A results page's address, with a submission id that can be put in an address as it is. */
const RESULTS_PAGE = /^\/results\/([A-Za-z0-9-]{1,64})\/?$/;

/** The submission of a results page's address; none for another page, or an odd id. */
export function resultsPageSubmission(requestPath: string): string | undefined {
  return RESULTS_PAGE.exec(requestPath)?.[1];
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
 * dist/drawn-landing.html, dist/drawn-assessment.html, dist/drawn-matrix.html and
 * dist/drawn-results.html, each with the rules of the stylesheets its first screen uses inlined and
 * the stylesheets loaded without holding up its paint. A page without one is served undrawn.
 */
export function readDrawnShells(distDir: string): Partial<Record<DrawnPage, string>> {
  const shells: Partial<Record<DrawnPage, string>> = {};
  for (const page of DRAWN_PAGES) {
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

/** How a page is drawn: the build's lists of each page's code, its render, and where a failure goes. */
interface Drawing {
  preloads: PagePreloads;
  render?: PageRender;
  logger: Logger;
}

/**
 * The first screen of the page at `path`, drawn from all of `reads`, or an empty root where there
 * is no render, a read is missing (drawn, it would show its error state, which the app retries) or
 * the render failed: the page still works, drawn by the app once its code runs, and a failure is
 * logged.
 */
async function renderedRoot(
  path: string,
  context: PageContext,
  answers: Map<RouteName, string>,
  reads: readonly RouteName[],
  { render, logger }: Drawing,
): Promise<string> {
  if (!render || reads.some((name) => !answers.has(name))) return '';
  const parsed = Object.fromEntries([...answers].map(([name, payload]) => [name, JSON.parse(payload)]));
  try {
    return await render(path, { ...context, reads: parsed });
  } catch (error) {
    logger.error({ err: error, page: path }, 'Could not draw the page on the server; the browser draws it');
    return '';
  }
}

/** `template` with `head` at the end of its head and `root` drawn into its root. */
function filledIn(template: string, head: string, root: string, needsScript = false): string {
  return template
    .replace('</head>', () => `${head}</head>`)
    .replace(
      '<div id="root"></div>',
      () => `<div id="root"${needsScript ? ' data-needs-script' : ''}>${root}</div>`,
    );
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
  drawing: Drawing,
): Promise<TaggedText> {
  const language = context.messages.language;
  const answers = await readAnswers(server, page, language);
  const root = shells.drawn ? await renderedRoot(page, context, answers, ROUTE_READS[page], drawing) : '';
  const template = root === '' ? undefined : shells.drawn;
  if (template === undefined && shells.undrawn) return shells.undrawn;
  const head = routeHead(language, answers, drawing.preloads[page], template !== undefined);
  return new TaggedText(filledIn(template ?? shells.plain, head, root, NEEDS_SCRIPT.has(page)));
}

/**
 * A results page: one person's, kept by no cache, so written for each request. Drawn from its
 * results (read through the server itself) into `shells.drawn` where the analysis is written, as
 * it is by the time a link to the page is opened: the first view, right after submitting, comes
 * within the app, which draws it. Not drawn, its results are carried in the page all the same when
 * they could be read, or else asked for with its code (the app's call is handed the preloaded
 * answer: the same address and credentials; Chromium ignores the Accept header the two differ in),
 * its code's chunks and stylesheets coming with the entry either way.
 */
export async function readResultsPage(
  server: Server,
  submissionId: string,
  shells: { plain: string; drawn?: string },
  context: PageContext,
  drawing: Drawing,
): Promise<string> {
  const language = context.messages.language;
  const read = urlFor('getResults', { submissionId }, { lang: language });
  const answers = new Map<RouteName, string>();
  const results = await server.inject({ url: read, app: { internal: true, withoutWaiting: true } });
  if (results.statusCode === 200) {
    answers.set('getResults', results.payload);
    // The comparison with similar MSPs, drawn with them: the app need not read it, nor move the
    // page under the visitor once it has.
    const comparison = await server.inject({
      url: urlFor('getComparison', { submissionId }, { lang: language }),
      app: { internal: true },
    });
    if (comparison.statusCode === 200) answers.set('getComparison', comparison.payload);
  }
  const preloads = drawing.preloads['/results'];
  const root = shells.drawn
    ? await renderedRoot(`/results/${submissionId}`, context, answers, ['getResults'], drawing)
    : '';
  if (shells.drawn && root !== '')
    return filledIn(shells.drawn, routeHead(language, answers, preloads, true), root);
  const head =
    answers.size > 0
      ? routeHead(language, answers, preloads, false)
      : `${codeLinks(preloads)}<link rel="preload" as="fetch" crossorigin="use-credentials" href="${escapeHtml(read)}">`;
  return filledIn(shells.plain, head, '');
}

/**
 * The shell a results page is drawn into, in one language: titled as the app titles the page, which
 * it does only once the visitor reaches for it. Made once per change of content, not per page.
 */
export function titledResultsShell(shell: string, { messages, config }: PageContext): string {
  const t = createTranslator(messages.language, messages.messages);
  const title = t('results.pageTitle', { productName: config.productName });
  return shell.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`);
}
