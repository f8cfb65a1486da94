import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** Budget (issue 42): JavaScript loaded before the landing page's first paint, gzip. */
export const LANDING_JS_BUDGET_BYTES = 90 * 1024;

export interface ScriptSize {
  file: string;
  gzip: number;
}

export interface LandingBundle {
  /** What the served landing page loads before it paints: its head's module scripts and preloads. */
  beforePaint: { files: ScriptSize[]; total: number };
  /** What it loads once it has painted, to hydrate: the entry and its preloads, added by its loader. */
  afterPaint: { files: ScriptSize[]; total: number };
}

function sizes(distDir: string, sources: string[]): { files: ScriptSize[]; total: number } {
  const files = [...new Set(sources)].map((src) => ({
    file: src,
    gzip: gzipSync(fs.readFileSync(path.join(distDir, src.replace(/^\//, '')))).length,
  }));
  return { files, total: files.reduce((sum, f) => sum + f.gzip, 0) };
}

/**
 * The gzip size of the JavaScript the prerendered landing page (dist/landing.html, as the server
 * sends it at "/") loads before its first paint (the module scripts and modulepreload links in the
 * page itself: Vite emits one for each static import of the entry) and after it (the scripts its
 * inline loader adds once the page has painted). Lazy chunks are not counted: they load on use.
 */
export function measureLandingBundle(distDir: string): LandingBundle {
  const { beforePaint, afterPaint } = scriptsOfPage(
    fs.readFileSync(path.join(distDir, 'landing.html'), 'utf8'),
  );
  return { beforePaint: sizes(distDir, beforePaint), afterPaint: sizes(distDir, afterPaint) };
}

/** The scripts a page's HTML loads: before its first paint (its own tags), and after (its loader's). */
export function scriptsOfPage(html: string): { beforePaint: string[]; afterPaint: string[] } {
  const beforePaint = [
    ...html.matchAll(/<script type="module"[^>]*src="([^"]+)"/g),
    ...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((m) => m[1]!);
  const inlineScripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
  const afterPaint = inlineScripts.flatMap((script) =>
    [...script.matchAll(/"(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!),
  );
  return { beforePaint, afterPaint };
}
