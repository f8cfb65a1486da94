import path from 'node:path';

/**
 * The renderer's Content Security Policy: its own scripts only (no inline or eval), API calls to
 * its own origin (the forwarding), no plugins, frames, forms or base changes. Blueprint positions
 * popovers with inline style attributes, hence 'unsafe-inline' for styles alone.
 */
export const RENDERER_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-src 'none'",
  "frame-ancestors 'none'",
].join('; ');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.eot': 'application/vnd.ms-fontobject',
  '.json': 'application/json',
};

export function contentTypeOf(filePath: string): string {
  return TYPES[path.extname(filePath).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * The built file a renderer address stands for, inside `rootDir` and nowhere else. An address
 * without a file extension is a route of the app (/admin/submissions) and gets index.html, as a
 * single-page app's server would; null for anything that would leave the folder.
 */
export function rendererFilePath(rootDir: string, pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const root = path.resolve(rootDir);
  const resolved = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`);
  if (resolved !== root && !resolved.startsWith(`${root}${path.sep}`)) return null;
  if (resolved === root || !path.extname(resolved)) return path.join(root, 'index.html');
  return resolved;
}
