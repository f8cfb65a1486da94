import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** Budget (issue 42): JavaScript loaded before the landing page's first paint, gzip. */
export const LANDING_JS_BUDGET_BYTES = 90 * 1024;

/**
 * The scripts a page's HTML loads: up front, after its first paint (the prerender's loader), and,
 * on the landing page, when its visitor first reaches for it (the loader's `onIntent`: the app,
 * whose after-paint share is then only the visit module).
 */
export function scriptsOfPage(html: string): {
  beforePaint: string[];
  afterPaint: string[];
  onIntent: string[];
} {
  const beforePaint = [
    ...html.matchAll(/<script type="module"[^>]*src="([^"]+)"/g),
    ...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((m) => m[1]!);
  // apps-web/scripts/after-paint-loader.mjs, called with the entry, its preloads and its options.
  const loaderCall =
    /\(function afterPaintLoader\(.*\)\(("[^"]+"), (\[[^\]]*\])(?:, (\{[^}]*\}))?\);<\/script>/s.exec(html);
  if (!loaderCall) return { beforePaint: [...new Set(beforePaint)], afterPaint: [], onIntent: [] };
  const app = [JSON.parse(loaderCall[1]!) as string, ...(JSON.parse(loaderCall[2]!) as string[])];
  const options = JSON.parse(loaderCall[3] ?? '{}') as {
    onIntent?: boolean;
    visit?: string;
    visitImports?: string[];
  };
  const visit = options.visit ? [options.visit, ...(options.visitImports ?? [])] : [];
  return {
    beforePaint: [...new Set(beforePaint)],
    afterPaint: options.onIntent ? visit : [...new Set(app)],
    onIntent: options.onIntent ? [...new Set(app)] : [],
  };
}

interface ScriptFile {
  file: string;
  gzip: number;
}

/** The gzip size of each of the build's scripts `sources` names (its "/assets/…" addresses), and their sum. */
export function sizeOfScripts(distDir: string, sources: string[]): { files: ScriptFile[]; total: number } {
  const files = [...new Set(sources)].map((src) => ({
    file: src,
    gzip: gzipSync(fs.readFileSync(path.join(distDir, src.replace(/^\//, '')))).length,
  }));
  return { files, total: files.reduce((sum, f) => sum + f.gzip, 0) };
}

/**
 * The gzip size of the JavaScript the landing page loads before its first paint, the budget's
 * measure; after it (the visit module, which counts the visit, and the modules it imports, which
 * the loader preloads with it); and when the
 * visitor first reaches for the page, to make it interactive: the entry module, every module it
 * preloads (Vite emits a modulepreload link for each static import), and the chunks of the page's
 * own that the server lists for its loader (its matrix's, from dist/route-preloads.json).
 * The page is the shell the server draws it into (dist/drawn-landing.html), or, from a build
 * without one, the prerendered page (dist/landing.html). Other lazy chunks are not counted: they
 * load on other pages, or when something the landing page does not show is opened.
 */
export function measureLandingBundle(distDir: string): {
  beforePaint: { files: ScriptFile[]; total: number };
  afterPaint: { files: ScriptFile[]; total: number };
  onIntent: { files: ScriptFile[]; total: number };
} {
  const drawn = path.join(distDir, 'drawn-landing.html');
  const page = fs.existsSync(drawn) ? drawn : path.join(distDir, 'landing.html');
  const scripts = scriptsOfPage(fs.readFileSync(page, 'utf8'));
  const preloadsFile = path.join(distDir, 'route-preloads.json');
  const ownChunks = fs.existsSync(drawn)
    ? ((JSON.parse(fs.readFileSync(preloadsFile, 'utf8')) as Record<string, { scripts: string[] }>)['/']
        ?.scripts ?? [])
    : [];
  // The page's own chunks come with its app: after the paint, or on the first touch.
  const onIntent = scripts.onIntent.length > 0;
  return {
    beforePaint: sizeOfScripts(distDir, scripts.beforePaint),
    afterPaint: sizeOfScripts(distDir, onIntent ? scripts.afterPaint : [...scripts.afterPaint, ...ownChunks]),
    // What the visit module already brought is not loaded again.
    onIntent: sizeOfScripts(
      distDir,
      onIntent ? [...scripts.onIntent, ...ownChunks].filter((src) => !scripts.afterPaint.includes(src)) : [],
    ),
  };
}
