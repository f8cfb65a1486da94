import type { Request, Server } from '@hapi/hapi';
import { contractNameOf } from './route-adapter.js';

declare module '@hapi/hapi' {
  interface RequestApplicationState {
    /** Sent by the server to itself (the warm-up): no visitor's request, so not logged or counted. */
    internal?: boolean;
    /**
     * Sent by the server to itself to draw a page (route-pages.ts): a read that would wait for work
     * still being done (the results' first analysis) answers 409 at once instead, and the page is
     * sent undrawn, for the app to read it and show its progress.
     */
    withoutWaiting?: boolean;
  }
}

/** A request once answered, as the access log and the metrics both see it. */
export interface Answer {
  request: Request;
  /** The contract's name for the route, when a contract route answered. */
  contractName: string | undefined;
  /** The status the client got; null for a request that ended before any answer was sent. */
  status: number | null;
  /** From receiving the request to its answer's end. */
  ms: number;
}

export type AnswerWatcher = (answer: Answer) => void;
/** Adds a watcher of every answer. */
export type WatchAnswers = (watcher: AnswerWatcher) => void;

/** The status the client got; null for a request that ended before any answer was sent. */
export function answeredStatus(request: Request): number | null {
  if (request.raw.res.headersSent) return request.raw.res.statusCode;
  const response = request.response as { statusCode?: number } | null;
  return response?.statusCode ?? null;
}

/** From receiving the request to its answer's end (or now, for one still going). */
export function durationMs(request: Request): number {
  const { info } = request;
  return (info.completed || info.responded || Date.now()) - info.received;
}

/**
 * Tells each watcher of every answered request, the server's own requests left out. One hapi
 * listener for all of them, with the answer worked out once: each listener costs every request.
 */
export function observeAnswers(server: Server): WatchAnswers {
  const watchers: AnswerWatcher[] = [];
  server.events.on('response', (request) => {
    if (request.app.internal) return;
    const answer: Answer = {
      request,
      contractName: contractNameOf(request),
      status: answeredStatus(request),
      ms: durationMs(request),
    };
    for (const watcher of watchers) watcher(answer);
  });
  return (watcher) => void watchers.push(watcher);
}
