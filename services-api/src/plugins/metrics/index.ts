import { createHash, timingSafeEqual } from 'node:crypto';
import Boom from '@hapi/boom';
import type { Plugin, Request } from '@hapi/hapi';
import type { AppContext } from '../../app-context.js';
import type { Answer, AnswerWatcher, WatchAnswers } from '../../http/answers.js';
import { fromThisMachine } from '../../http/client-address.js';
import { PROBE_ROUTE } from '../../http/health.js';
import type { ServerMetrics } from './server-metrics.js';

export { ServerMetrics } from './server-metrics.js';

/** Where Prometheus scrapes. Outside /api and outside the contract: it answers text, not JSON. */
export const METRICS_PATH = '/metrics';

/**
 * The route's label: its contract name; else its id or its path pattern (both as bounded as the
 * route table), never the requested path, whose values are unbounded.
 */
function routeLabel({ request, contractName }: Answer): string {
  if (contractName) return contractName;
  // Hapi's own route, for a request matching none.
  if ((request.route.method as string) === '_special') return 'unmatched';
  return request.route.settings.id ?? `${request.route.method.toUpperCase()} ${request.route.path}`;
}

/** Counts each answer in the request histogram, by route label and status class. */
export function countAnswers(metrics: ServerMetrics): AnswerWatcher {
  return (answer) => {
    const status = answer.status ?? answer.request.raw.res.statusCode;
    metrics.observeRequest(routeLabel(answer), status, answer.ms / 1000);
  };
}

/** Compares the digests, so neither the token's content nor its length shows in the timing. */
function sameToken(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * With METRICS_TOKEN, the request must carry it as a bearer token (401 otherwise). Without it,
 * only a client on this machine may read, judged through the proxy rules: a reverse proxy on
 * this machine would otherwise open the metrics to everyone behind it.
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
  if (!fromThisMachine(request)) {
    throw Boom.forbidden(
      'Metrics are served to this machine only; set METRICS_TOKEN to scrape from elsewhere',
    );
  }
}

/**
 * Prometheus metrics at GET /metrics (the text format): how long each route takes by status class,
 * what the resources count, the job queue, the database pool and the process.
 */
export const metricsPlugin: Plugin<{
  ctx: AppContext;
  metrics: ServerMetrics;
  watchAnswers: WatchAnswers;
}> = {
  name: 'metrics',
  register(server, { ctx, metrics, watchAnswers }) {
    watchAnswers(countAnswers(metrics));

    server.route({
      method: 'GET',
      path: METRICS_PATH,
      options: { ...PROBE_ROUTE, id: 'metrics' },
      handler: async (request, h) => {
        checkAccess(request, ctx.config.metricsToken);
        return h.response(await metrics.scrape()).type(metrics.contentType);
      },
    });
  },
};
