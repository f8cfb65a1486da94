import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** Budget: JavaScript loaded before the landing page's first paint, gzip. */
export const LANDING_JS_BUDGET_BYTES = 150 * 1024;

/**
 * Sums the gzip size of the JavaScript the landing page needs before first paint: the entry module
 * and every module it preloads (Vite emits a modulepreload link for each static import). Lazy
 * chunks are not counted: they load after paint or on other pages.
 */
export function measureLandingBundle(distDir: string): {
  files: { file: string; gzip: number }[];
  total: number;
} {
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const sources = [
    ...html.matchAll(/<script type="module"[^>]*src="([^"]+)"/g),
    ...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((m) => m[1]!);
  const files = [...new Set(sources)].map((src) => ({
    file: src,
    gzip: gzipSync(fs.readFileSync(path.join(distDir, src.replace(/^\//, '')))).length,
  }));
  return { files, total: files.reduce((sum, f) => sum + f.gzip, 0) };
}
