import { createHash, timingSafeEqual } from 'node:crypto';
import Boom from '@hapi/boom';
import type { Plugin, Request } from '@hapi/hapi';
import proxyaddr from 'proxy-addr';
import type { AppContext } from '../../app-context.js';
import { answeredStatus, durationMs } from '../../http/access-log.js';
import { NO_STORE } from '../../http/caching.js';
import { contractNameOf } from '../../http/route-adapter.js';
import type { ServerMetrics } from './server-metrics.js';

export { ServerMetrics } from './server-metrics.js';

/** Where Prometheus scrapes. Outside /api and outside the contract: it answers text, not JSON. */
export const METRICS_PATH = '/metrics';

/**
 * The operator's probes, answered before routing (so by no route): each is its own label, and any
 * other unrouted request is `unmatched`.
 */
const PROBE_LABELS: Record<string, string> = {
  [METRICS_PATH]: 'metrics',
  '/healthz': 'healthz',
  '/readyz': 'readyz',
};

const isLoopback = proxyaddr.compile('loopback');

/**
 * The route's label: its contract name; else its id or its path pattern (both as bounded as the
 * route table), never the requested path, whose values are unbounded.
 */
function routeLabel(request: Request): string {
  const name = contractNameOf(request);
  if (name) return name;
  // Hapi's own route, for a request answered before routing or matching nothing.
  if ((request.route.method as string) === '_special') return PROBE_LABELS[request.path] ?? 'unmatched';
  return request.route.settings.id ?? `${request.route.method.toUpperCase()} ${request.route.path}`;
}

/** Compares the digests, so neither the token's content nor its length shows in the timing. */
function sameToken(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * With METRICS_TOKEN, the request must carry it as a bearer token (401 otherwise). Without it,
 * only a connection from this machine may read: judged by the socket's peer, never by
 * X-Forwarded-For, which a proxy in front (even a trusted one) would fill with anyone's address.
 */
function checkAccess(request: Request, token: string | undefined): void {
  if (token) {
    const header: unknown = request.headers.authorization;
    const given = /^Bearer +(\S+) *$/i.exec(typeof header === 'string' ? header : '')?.[1];
    if (given === undefined || !sameToken(given, token)) {
      throw Boom.unauthorized('The metrics token (METRICS_TOKEN) is required as a bearer token', 'Bearer');
    }
    return;
  }
  if (!isLoopback(request.info.remoteAddress, 0)) {
    throw Boom.forbidden(
      'Metrics are served to this machine only; set METRICS_TOKEN to scrape from elsewhere',
    );
  }
}

/**
 * Prometheus metrics at GET /metrics (the text format): how long each route takes by status class,
 * what the resources count, the job queue, the database pool and the process.
 */
export const metricsPlugin: Plugin<{ ctx: AppContext; metrics: ServerMetrics }> = {
  name: 'metrics',
  register(server, { ctx, metrics }) {
    server.events.on('response', (request) => {
      // The warm-up's requests are the server's own, not traffic.
      if (request.app.internal) return;
      const status = answeredStatus(request) ?? request.raw.res.statusCode;
      metrics.observeRequest(routeLabel(request), status, durationMs(request) / 1000);
    });

    // Answered as the request arrives, before routing and authentication: a scraper has no session
    // to look up and posts nothing.
    server.ext('onRequest', async (request, h) => {
      if (request.method !== 'get' || request.path !== METRICS_PATH) return h.continue;
      checkAccess(request, ctx.config.metricsToken);
      return h
        .response(await metrics.scrape())
        .type(metrics.contentType)
        .header('Cache-Control', NO_STORE)
        .takeover();
    });
  },
};
