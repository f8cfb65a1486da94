import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** Budget (issue 42): JavaScript loaded before the landing page's first paint, gzip. */
export const LANDING_JS_BUDGET_BYTES = 90 * 1024;

/** The scripts a page's HTML loads up front: its module scripts and their modulepreload links. */
export function scriptsOfPage(html: string): string[] {
  return [
    ...html.matchAll(/<script type="module"[^>]*src="([^"]+)"/g),
    ...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((m) => m[1]!);
}

/**
 * Sums the gzip size of the JavaScript the prerendered landing page (dist/landing.html, as the
 * server sends it at "/") needs before its first paint: the entry module and every module it
 * preloads (Vite emits a modulepreload link for each static import). Lazy chunks are not counted:
 * they load after paint or on other pages.
 */
export function measureLandingBundle(distDir: string): {
  files: { file: string; gzip: number }[];
  total: number;
} {
  const html = fs.readFileSync(path.join(distDir, 'landing.html'), 'utf8');
  const files = [...new Set(scriptsOfPage(html))].map((src) => ({
    file: src,
    gzip: gzipSync(fs.readFileSync(path.join(distDir, src.replace(/^\//, '')))).length,
  }));
  return { files, total: files.reduce((sum, f) => sum + f.gzip, 0) };
}
