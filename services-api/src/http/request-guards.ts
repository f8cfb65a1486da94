import http from 'node:http';
import type { Socket } from 'node:net';
import Boom from '@hapi/boom';
import type { Lifecycle, Request, Server } from '@hapi/hapi';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { ForbiddenError } from '../domain/errors.js';
import { requestLogger } from './request-logger.js';
import { addResponseStep } from './response-steps.js';

/**
 * How long a client may take to send a whole request, headers and body. Bodies here are small
 * (at most a few MB of content import), so a client still sending after this is stalled or
 * trickling on purpose, holding a connection and its memory.
 */
export const REQUEST_TIMEOUT_MS = 10_000;

/**
 * How long an idle keep-alive connection stays open. Node's default, 5 s, is shorter than what
 * reverse proxies and load balancers keep their upstream connections for (nginx and AWS's load
 * balancers: 60 s): the server would close a connection just as the proxy sends the next request
 * on it, and that request fails (a 502 at the proxy, a reset for the client; the submit bench
 * lost one in 12,000 so). Longer than theirs, the proxy always closes first.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** What a 503 for an unreachable database tells clients to wait before trying again. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * The Node HTTP server hapi listens with. Node's own limit is 300 s for the whole request, and
 * hapi's 10 s payload timeout does not end the connection: hapi waits for the rest of the body
 * before it answers. Node checks its limits every `connectionsCheckingInterval`, 30 s unless set.
 */
export function createListener(requestTimeoutMs: number): http.Server {
  const listener = http.createServer({
    requestTimeout: requestTimeoutMs,
    headersTimeout: requestTimeoutMs,
    connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(requestTimeoutMs / 10))),
  });
  listener.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  return listener;
}

/** The answer to a request the database could not serve: 503, try again shortly. */
function databaseUnavailable(): Boom.Boom {
  const unavailable = Boom.serverUnavailable('The service is briefly unavailable. Please try again shortly.');
  unavailable.output.headers['Retry-After'] = String(DATABASE_RETRY_AFTER_SECONDS);
  return unavailable;
}

/** Sockets whose request Node cut for taking too long; their answer is a 408. */
const timedOut = new WeakSet<Socket>();

/**
 * Answers what is wrong with a request before its body is read, and turns failures that are not
 * the server's fault into the statuses that say so:
 * - a declared Content-Length over the route's limit: 413 at once, without reading the body;
 * - a request Node cut for its time limit: 408 (hapi alone would say 400);
 * - a database that cannot be reached: 503 with Retry-After, from whichever route, strategy or
 *   extension met it, so no route handles it on its own.
 * Its step comes before the security headers' step, which adds them to the 408 and the 503 too.
 */
export function guardRequests(server: Server): void {
  // Before hapi's own handler, which answers every client error with a 400.
  server.listener.prependListener('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') timedOut.add(socket);
  });

  server.ext('onPreAuth', (request, h) => {
    const maxBytes = request.route.settings.payload?.maxBytes;
    const declared = Number(request.headers['content-length']);
    if (maxBytes && declared > maxBytes) {
      // Hapi would read (and drop) the whole body before answering; the answer closes the connection instead.
      throw Boom.entityTooLarge(`Payload content length greater than maximum allowed: ${maxBytes}`);
    }
    return h.continue;
  });

  addResponseStep(server, (request, response) => {
    if (!Boom.isBoom(response)) return undefined;
    // Boom adds `attributes` (the WWW-Authenticate parameters, already in that header) to a 401's
    // body; ErrorBody, the one published error shape, has no such field.
    delete response.output.payload.attributes;
    if (timedOut.has(request.raw.req.socket)) {
      const timeout = Boom.clientTimeout('The request took too long to arrive');
      timeout.output.headers.connection = 'close';
      return timeout;
    }
    // The cookie strategy answers any failure to look a session up with 401, the error in `data`.
    const sessionUnreadable = response.output.statusCode === 401 && isDatabaseUnavailable(response.data);
    if ((response.output.statusCode >= 500 && isDatabaseUnavailable(response)) || sessionUnreadable) {
      requestLogger(request).warn(
        { err: sessionUnreadable ? response.data : response },
        'The database is unavailable',
      );
      return databaseUnavailable();
    }
    return undefined;
  });
}

/**
 * For a route that only tries the session (a page): one the database could not look up fails the
 * request, which the guard above answers 503, instead of the page answering as if nobody were
 * signed in.
 */
export const failOnUnreadableSession: Lifecycle.Method = (request, h) => {
  const failure = request.auth.error as Boom.Boom | null;
  if (failure && isDatabaseUnavailable(failure.data)) throw failure;
  return h.continue;
};

/**
 * A browser sends Sec-Fetch-Site with every request: an export that another site started (a link
 * or a form that navigates the admin's browser here, the session cookie riding along as SameSite
 * Lax lets it on a top-level GET) is refused, so no other site can run the server's exports in the
 * admin's name. A request without the header (the desktop client, curl) is not a browser's.
 */
export function refuseCrossSite(request: Request): void {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') {
    throw new ForbiddenError('An export must be started from the admin portal itself.');
  }
}
