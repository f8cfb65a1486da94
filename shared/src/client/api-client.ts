import { endpoints, type RouteName } from '../contract/endpoints.js';
import type { Routes } from '../contract/index.js';
import {
  buildPath,
  type RouteBody,
  type RouteParams,
  type RouteQuery,
  type RouteResponse,
} from '../contract/route.js';

/** A non-OK answer. The message reads "status: body" (or the status text when the body is empty). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
    /** A 429's or 503's Retry-After, in seconds, when it sent one. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
  }
}

/** Retry-After as whole seconds; null when absent or given as a date. */
function retryAfterOf(response: Response): number | null {
  const value = response.headers?.get('Retry-After');
  return value && /^\d+$/.test(value) ? Number(value) : null;
}

type Present<K extends string, T> = [T] extends [undefined] ? { [P in K]?: never } : { [P in K]: T };

/** A query whose every field is optional (`?lang=`, filters) may be left out. */
type PresentQuery<T> = [T] extends [undefined]
  ? { query?: never }
  : Partial<T> extends T
    ? { query?: T }
    : { query: T };

export type CallInput<R> = Present<'params', RouteParams<R>> &
  PresentQuery<RouteQuery<R>> &
  Present<'body', RouteBody<R>> & { signal?: AbortSignal };

/** Routes without params or body, and with nothing required in their query, may be called with no input at all. */
type InputArgs<R> = [RouteParams<R>, RouteBody<R>] extends [undefined, undefined]
  ? [RouteQuery<R>] extends [undefined]
    ? [input?: CallInput<R>]
    : Partial<RouteQuery<R>> extends RouteQuery<R>
      ? [input?: CallInput<R>]
      : [input: CallInput<R>]
  : [input: CallInput<R>];

export interface ApiClientOptions {
  /** Origin of the API; empty for same-origin. */
  baseUrl?: string;
  /** How to send a request (the global `fetch` by default); a host's own can add credentials. */
  fetch?: (url: string, init?: RequestInit) => Promise<Response>;
  /** Extra headers per request, e.g. a CSRF token. */
  headers?: () => Record<string, string>;
  /** The browser cache mode of every call (the browser's default when absent). */
  cache?: RequestCache;
}

/** The URL of a named route with its path parameters and query filled in. */
export function urlFor(name: RouteName, params?: unknown, query?: unknown, baseUrl = ''): string {
  const path = buildPath(endpoints[name].path, params as Record<string, string | number> | undefined);
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const qs = search.toString();
  return `${baseUrl}${path}${qs ? `?${qs}` : ''}`;
}

/**
 * Typed calls to the routes of the shared contract, by route name. Sends cookies; bodies are JSON.
 * Carries no schemas, so it adds no validation code to a browser bundle.
 */
export function createApiClient(options: ApiClientOptions = {}) {
  const doFetch = options.fetch ?? ((url: string, init?: RequestInit) => fetch(url, init));
  return {
    async call<N extends RouteName>(
      name: N,
      ...[input]: InputArgs<Routes[N]>
    ): Promise<RouteResponse<Routes[N]>> {
      const { params, query, body, signal } = (input ?? {}) as {
        params?: unknown;
        query?: unknown;
        body?: unknown;
        signal?: AbortSignal;
      };
      const headers: Record<string, string> = { Accept: 'application/json', ...options.headers?.() };
      if (body !== undefined) headers['Content-Type'] = 'application/json';
      const response = await doFetch(urlFor(name, params, query, options.baseUrl), {
        method: endpoints[name].method,
        credentials: 'include',
        ...(options.cache ? { cache: options.cache } : {}),
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      });
      const text = await response.text();
      if (!response.ok)
        throw new ApiError(response.status, text, response.statusText, retryAfterOf(response));
      return (text ? JSON.parse(text) : undefined) as RouteResponse<Routes[N]>;
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
