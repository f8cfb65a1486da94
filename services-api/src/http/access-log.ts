import type { Request } from '@hapi/hapi';
import { accessLineWriter, type Logger } from '../logger.js';
import type { WatchAnswers } from './answers.js';

/** The API and the server-rendered pages under /api; the rest is the web app's files and the probes. */
export function isApiRequest(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

/** What a debug line says of the request; its secrets are the logger's redaction paths. */
function requestSummary(request: Request) {
  const { raw, info } = request;
  return {
    id: info.id,
    method: request.method,
    url: raw.req.url,
    query: request.query,
    headers: raw.req.headers,
    remoteAddress: info.remoteAddress,
    remotePort: info.remotePort,
  };
}

function responseSummary(request: Request) {
  const res = request.raw.res;
  return { statusCode: res.statusCode, headers: res.getHeaders() };
}

/**
 * The access log: one line per request once it is answered. An API request logs at info with what
 * an operator searches by (method, route name, status, duration in ms, request id) and nothing of
 * the request's headers; the web app's files and the health and metrics probes log only at debug,
 * where a busy site's static traffic and a load balancer's polling belong. At debug every line also
 * carries the whole request and response (secrets redacted by the logger).
 */
export function logAccess(watchAnswers: WatchAnswers, logger: Logger): void {
  // The short line's fields are named here and hold no secret; the full ones go through redaction.
  const writeShort = accessLineWriter(logger);
  watchAnswers(({ request, contractName, status, ms }) => {
    const api = isApiRequest(request.path);
    const full = logger.isLevelEnabled('debug');
    if (api ? !logger.isLevelEnabled('info') : !full) return;
    const method = request.method.toUpperCase();
    // Outside the API the path is the name (a file, a probe); at debug the whole URL is logged anyway.
    const route = api ? (contractName ?? request.route.path) : request.path;
    const line = { reqId: request.info.id, method, route, status, ms };
    const message = `${method} ${route} ${status ?? '-'}`;
    if (!full) return writeShort(line, message);
    logger[api ? 'info' : 'debug'](
      { ...line, req: requestSummary(request), res: responseSummary(request) },
      message,
    );
  });
}
