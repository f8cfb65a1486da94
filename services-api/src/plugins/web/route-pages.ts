import fs from 'node:fs';
import path from 'node:path';
import type { Server } from '@hapi/hapi';
import { escapeHtml, routes, type RouteName } from '@msp/shared';
import { TaggedText } from '../../http/caching.js';

/**
 * The public pages the app draws from an API read, each with the reads its first screen waits for.
 * The page carries their answers, so that screen draws as soon as its code runs, and the code of
 * the page is preloaded with the app's entry rather than fetched once the entry has run.
 */
const ROUTE_READS = {
  '/assessment': ['listDemographicFields', 'listAssessmentQuestions', 'getConsentStatement'],
  '/matrix': ['listPillars', 'listMatrixCells'],
} as const satisfies Record<string, readonly RouteName[]>;
export type ReadPagePath = keyof typeof ROUTE_READS;

/** The reads that take the visitor's language (`?lang=`). */
const LANGUAGE_FREE: readonly RouteName[] = ['getConsentStatement'];

/** A path of one of these pages, with or without a trailing slash. */
export function readPagePath(requestPath: string): ReadPagePath | undefined {
  const bare = requestPath.replace(/\/$/, '');
  return bare in ROUTE_READS ? (bare as ReadPagePath) : undefined;
}

/** What the build's prerender listed for each page: its code's chunks and stylesheets. */
interface RoutePreloads {
  scripts: string[];
  styles: string[];
}

/** dist/route-preloads.json, written by the build (apps-web/scripts/prerender.mjs); none is fine. */
export function readRoutePreloads(distDir: string): Partial<Record<ReadPagePath, RoutePreloads>> {
  const file = path.join(distDir, 'route-preloads.json');
  if (!fs.existsSync(file)) return {};
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Record<ReadPagePath, RoutePreloads>>;
}

/** JSON safe inside a <script> element: nothing in it can close the element or open a comment. */
export function escapeForScriptTag(json: string): string {
  return json.replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

/**
 * The head additions of one page in one language: its chunks' preloads and stylesheets, and the
 * answers of its reads exactly as the API gives them (read through the server, from the same
 * content cache, so an administrator's change reaches the page as it reaches the API).
 */
async function routeHead(
  server: Server,
  page: ReadPagePath,
  language: string,
  preloads: RoutePreloads | undefined,
): Promise<string> {
  // Each answer's JSON as the API sent it, not parsed and written again.
  const reads: string[] = [];
  for (const name of ROUTE_READS[page]) {
    const query = LANGUAGE_FREE.includes(name) ? '' : `?lang=${encodeURIComponent(language)}`;
    const answer = await server.inject({ url: `${routes[name].path}${query}`, app: { internal: true } });
    // A read that fails here is left to the page, which asks for it and shows what went wrong.
    if (answer.statusCode === 200) reads.push(`${JSON.stringify(name)}:${answer.payload}`);
  }
  const links = [
    ...(preloads?.styles ?? []).map(
      (href) => `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}">`,
    ),
    ...(preloads?.scripts ?? []).map(
      (href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`,
    ),
  ];
  const data = escapeForScriptTag(`{"language":${JSON.stringify(language)},"reads":{${reads.join(',')}}}`);
  return `${links.join('')}<script id="app-reads" type="application/json">${data}</script>`;
}

/** The shell of each of these pages in one language: `shell` with the page's head added. */
export async function readPages(
  server: Server,
  shell: string,
  language: string,
  preloads: Partial<Record<ReadPagePath, RoutePreloads>>,
): Promise<Map<ReadPagePath, TaggedText>> {
  const pages = new Map<ReadPagePath, TaggedText>();
  for (const page of Object.keys(ROUTE_READS) as ReadPagePath[]) {
    const head = await routeHead(server, page, language, preloads[page]);
    pages.set(page, new TaggedText(shell.replace('</head>', `${head}</head>`)));
  }
  return pages;
}
