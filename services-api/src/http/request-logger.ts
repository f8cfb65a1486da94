import type { Request, Server } from '@hapi/hapi';
import type { Logger } from '../logger.js';

declare module '@hapi/hapi' {
  interface Server {
    /** The server's logger; a request's lines go through `requestLogger(request)`. */
    logger: Logger;
  }
}

const loggers = new WeakMap<Request, Logger>();

/**
 * The logger for what a handler says about its request: its lines carry the request's id, as its
 * access line does. Made on first use: most requests log nothing but their access line, and a
 * child logger per request cost the public reads a twentieth of their throughput.
 */
export function requestLogger(request: Request): Logger {
  let logger = loggers.get(request);
  if (!logger) {
    logger = request.server.logger.child({ reqId: request.info.id });
    loggers.set(request, logger);
  }
  return logger;
}

/**
 * Puts `logger` on the server (`server.logger`) and logs what hapi reports: a request that failed
 * (a handler or extension that threw, answered 500) as an error with its stack, and the server's
 * own log events. A visitor who closed the tab mid-response is no fault of the server: those
 * connection errors are logged at debug.
 */
export function attachLogger(server: Server, logger: Logger): void {
  server.decorate('server', 'logger', logger);
  server.events.on({ name: 'request', channels: 'error' }, (request, event) => {
    const error = event.error as Error | undefined;
    requestLogger(request).error({ tags: event.tags, err: error }, error?.message ?? 'The request failed');
  });
  server.events.on('log', (event, tags) => {
    if (tags.client) logger.debug({ err: event.error, tags: event.tags }, 'a client connection failed');
    else if (event.error)
      logger.error({ err: event.error, tags: event.tags }, (event.error as Error).message);
    else logger.info({ tags: event.tags, data: event.data }, 'server event');
  });
  server.ext('onPostStart', () => logger.info({ uri: server.info.uri }, 'server started'));
  server.ext('onPostStop', () => logger.info('server stopped'));
}
