import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Boom from '@hapi/boom';
import Inert from '@hapi/inert';
import type { Plugin, Request, ResponseToolkit } from '@hapi/hapi';
import { escapeHtml } from '@msp/shared';
import type { AppContext } from '../../app-context.js';
import { publicConfigOf } from '../config/public-config.js';

/** Client-side routes of the web app; any other path is answered with the app's 404 page and status. */
const CLIENT_ROUTES = [
  /^\/$/,
  /^\/assessment\/?$/,
  /^\/matrix\/?$/,
  /^\/results\/[^/]+\/?$/,
  /^\/admin(\/.*)?$/,
];

function escapeForScriptTag(json: string): string {
  return json.replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
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

/** Serves the built web app: hashed assets cached for a year, the HTML shell with the config inlined. */
export const webPlugin: Plugin<AppContext> = {
  name: 'web',
  async register(server, { config }) {
    const distDir = config.webDistDir;
    if (!distDir) return;
    const indexPath = path.join(distDir, 'index.html');
    if (!fs.existsSync(indexPath)) {
      throw new Error(`The web app is not built: ${indexPath} is missing. Run "npm run build" first.`);
    }
    await server.register(Inert);

    const publicConfig = publicConfigOf(config);
    const configJson = escapeForScriptTag(JSON.stringify(publicConfig));
    const withConfig = (template: string) =>
      template
        // The build prerenders the landing page with a placeholder for each configured name and link.
        .replace(/__APP_CONFIG_(\w+)__/g, (placeholder, key: string) =>
          key in publicConfig ? escapeHtml(publicConfig[key as keyof typeof publicConfig]) : placeholder,
        )
        .replace(
          '<!--app-config-->',
          `<script id="app-config" type="application/json">${configJson}</script>`,
        )
        .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(config.productName)}</title>`);
    const html = withConfig(fs.readFileSync(indexPath, 'utf8'));
    // The landing page prerendered by the build, so its first paint needs no JavaScript.
    const landingPath = path.join(distDir, 'landing.html');
    const landingHtml = fs.existsSync(landingPath) ? withConfig(fs.readFileSync(landingPath, 'utf8')) : html;
    const scriptSources = [
      "'self'",
      ...new Set([...inlineScriptHashes(html), ...inlineScriptHashes(landingHtml)]),
    ].join(' ');
    const csp = [
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
      "frame-ancestors 'none'",
    ].join('; ');

    const sendShell = (request: Request, h: ResponseToolkit) => {
      const known = CLIENT_ROUTES.some((pattern) => pattern.test(request.path));
      return h
        .response(request.path === '/' ? landingHtml : html)
        .type('text/html; charset=utf-8')
        .code(known ? 200 : 404)
        .header('Cache-Control', 'no-cache')
        .header('Content-Security-Policy', csp);
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
        path: '/{path*}',
        options: { auth: false },
        handler: (request, h) => {
          const requested = request.params.path as string | undefined;
          if (requested?.startsWith('api/'))
            return h.response({ statusCode: 404, error: 'Not Found', message: 'Not Found' }).code(404);
          // Top-level files from public/ (favicon and the like).
          if (requested && !requested.includes('/') && /\.[a-z0-9]+$/i.test(requested)) {
            const file = path.join(distDir, requested);
            if (fs.existsSync(file)) return h.file(file, { confine: distDir });
          }
          return sendShell(request, h);
        },
      },
    ]);

    server.ext('onPreResponse', (request, h) => {
      if (request.path.startsWith('/assets/')) {
        const response = request.response;
        if (!Boom.isBoom(response)) {
          response.header('Cache-Control', 'public, max-age=31536000, immutable');
        }
      }
      return h.continue;
    });
  },
};
