import {
  buildPath,
  type AnyRoute,
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
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
  }

  /** The `message` of a JSON error body, when there is one. */
  get serverMessage(): string | null {
    try {
      const parsed = JSON.parse(this.body) as { message?: unknown };
      return typeof parsed.message === 'string' ? parsed.message : null;
    } catch {
      return null;
    }
  }
}

type Present<K extends string, T> = [T] extends [undefined] ? { [P in K]?: never } : { [P in K]: T };

export type CallInput<R> = Present<'params', RouteParams<R>> &
  Present<'query', RouteQuery<R>> &
  Present<'body', RouteBody<R>> & { signal?: AbortSignal };

export interface ApiClientOptions {
  /** Origin of the API; empty for same-origin. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Extra headers per request, e.g. a CSRF token. */
  headers?: () => Record<string, string>;
}

export function urlFor(route: AnyRoute, params?: unknown, query?: unknown, baseUrl = ''): string {
  const path = buildPath(route.path, params as Record<string, string | number> | undefined);
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const qs = search.toString();
  return `${baseUrl}${path}${qs ? `?${qs}` : ''}`;
}

/** Typed calls to the routes of the shared contract. Sends cookies; bodies are JSON. */
export function createApiClient(options: ApiClientOptions = {}) {
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  return {
    async call<R extends AnyRoute>(route: R, input: CallInput<R> = {} as CallInput<R>): Promise<RouteResponse<R>> {
      const { params, query, body, signal } = input as {
        params?: unknown;
        query?: unknown;
        body?: unknown;
        signal?: AbortSignal;
      };
      const headers: Record<string, string> = { Accept: 'application/json', ...options.headers?.() };
      if (body !== undefined) headers['Content-Type'] = 'application/json';
      const response = await doFetch(urlFor(route, params, query, options.baseUrl), {
        method: route.method,
        credentials: 'include',
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      });
      const text = await response.text();
      if (!response.ok) throw new ApiError(response.status, text, response.statusText);
      return (text ? JSON.parse(text) : undefined) as RouteResponse<R>;
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
