import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route: anyone; any signed-in user; an approved admin (role admin and status
 * approved); or an API key holder.
 */
export type RouteAuth = 'public' | 'session' | 'admin' | 'apiKey';

/**
 * One endpoint, described once. The Hapi server validates with these schemas, the web client
 * derives its types from them and the OpenAPI document is generated from them.
 * Paths use Hapi's `{param}` syntax.
 */
export interface RouteContract<
  Params extends z.ZodType = z.ZodType,
  Query extends z.ZodType = z.ZodType,
  Body extends z.ZodType = z.ZodType,
  Response extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  path: string;
  auth: RouteAuth;
  summary: string;
  params?: Params;
  query?: Query;
  body?: Body;
  response: Response;
  /** Status answered on success; 200 unless stated. */
  successStatus?: number;
}

/** Identity function that keeps the literal types of a route for inference. */
export function defineRoute<
  Params extends z.ZodType = z.ZodUndefined,
  Query extends z.ZodType = z.ZodUndefined,
  Body extends z.ZodType = z.ZodUndefined,
  Response extends z.ZodType = z.ZodType,
>(route: RouteContract<Params, Query, Body, Response>): RouteContract<Params, Query, Body, Response> {
  return route;
}

export type AnyRoute = RouteContract<z.ZodType, z.ZodType, z.ZodType, z.ZodType>;

type InputOf<S> = S extends z.ZodUndefined ? undefined : S extends z.ZodType ? z.input<S> : undefined;
type OutputOf<S> = S extends z.ZodUndefined ? undefined : S extends z.ZodType ? z.output<S> : undefined;

export type RouteParams<R> =
  R extends RouteContract<infer P, z.ZodType, z.ZodType, z.ZodType> ? InputOf<P> : never;
export type RouteQuery<R> =
  R extends RouteContract<z.ZodType, infer Q, z.ZodType, z.ZodType> ? InputOf<Q> : never;
export type RouteBody<R> =
  R extends RouteContract<z.ZodType, z.ZodType, infer B, z.ZodType> ? InputOf<B> : never;
export type RouteResponse<R> =
  R extends RouteContract<z.ZodType, z.ZodType, z.ZodType, infer S> ? z.output<S> : never;

/** What a handler receives after validation. */
export type ParsedParams<R> =
  R extends RouteContract<infer P, z.ZodType, z.ZodType, z.ZodType> ? OutputOf<P> : never;
export type ParsedQuery<R> =
  R extends RouteContract<z.ZodType, infer Q, z.ZodType, z.ZodType> ? OutputOf<Q> : never;
export type ParsedBody<R> =
  R extends RouteContract<z.ZodType, z.ZodType, infer B, z.ZodType> ? OutputOf<B> : never;

/** Fills `{name}` segments of a route path with encoded values. */
export function buildPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/\{(\w+)\??\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}
