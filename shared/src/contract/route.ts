import type { z } from 'zod';

import type { Endpoint, HttpMethod, RouteAccess } from './access.js';

export type { HttpMethod, RouteAccess };

/**
 * A worked request and its answer, shown in the OpenAPI document. Typed by the route's schemas,
 * and parsed by them in a test, so an example cannot drift from what the route accepts and answers.
 */
export interface RouteExamples<
  Params extends z.ZodType = z.ZodType,
  Query extends z.ZodType = z.ZodType,
  Body extends z.ZodType = z.ZodType,
  Response extends z.ZodType = z.ZodType,
> {
  params?: NoInfer<z.input<Params>>;
  query?: NoInfer<z.input<Query>>;
  body?: NoInfer<z.input<Body>>;
  response?: NoInfer<z.output<Response>>;
}

/**
 * One JSON endpoint: its head from `endpoints` plus the schemas. The Hapi server validates with
 * these schemas, the web client derives its types from them and the OpenAPI document is generated
 * from them.
 */
export interface RouteContract<
  Params extends z.ZodType = z.ZodType,
  Query extends z.ZodType = z.ZodType,
  Body extends z.ZodType = z.ZodType,
  Response extends z.ZodType = z.ZodType,
> extends Endpoint {
  summary: string;
  params?: Params;
  query?: Query;
  body?: Body;
  response: Response;
  /** Status answered on success; 200 unless stated. */
  successStatus?: number;
  /**
   * Content types of a route that answers a file or a page rather than a JSON value: its handler
   * returns the response itself, and `response` only documents it.
   */
  produces?: readonly string[];
  /** An example request and answer, for the OpenAPI document. */
  examples?: RouteExamples<Params, Query, Body, Response>;
}

type RouteSpec<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType> = Omit<
  RouteContract<P, Q, B, R>,
  keyof Endpoint
>;

/** Adds the schemas to an endpoint's head, keeping literal types for inference. */
export function defineRoute<
  E extends Endpoint,
  Params extends z.ZodType = z.ZodUndefined,
  Query extends z.ZodType = z.ZodUndefined,
  Body extends z.ZodType = z.ZodUndefined,
  Response extends z.ZodType = z.ZodType,
>(
  endpoint: E,
  spec: RouteSpec<Params, Query, Body, Response>,
): RouteContract<Params, Query, Body, Response> & E {
  return { ...endpoint, ...spec };
}

/**
 * A server-rendered page or redirect. Its input is validated like a JSON route's; it answers HTML,
 * so it has no response schema.
 */
export interface PageContract<
  Query extends z.ZodType = z.ZodType,
  Body extends z.ZodType = z.ZodType,
> extends Endpoint {
  summary: string;
  query?: Query;
  body?: Body;
}

export function definePage<
  E extends Endpoint,
  Query extends z.ZodType = z.ZodUndefined,
  Body extends z.ZodType = z.ZodUndefined,
>(endpoint: E, spec: Omit<PageContract<Query, Body>, keyof Endpoint>): PageContract<Query, Body> & E {
  return { ...endpoint, ...spec };
}

export type AnyPage = PageContract<z.ZodType, z.ZodType>;

export type AnyRoute = RouteContract<z.ZodType, z.ZodType, z.ZodType, z.ZodType>;

type InputOf<S> = S extends z.ZodUndefined ? undefined : S extends z.ZodType ? z.input<S> : undefined;
type OutputOf<S> = S extends z.ZodUndefined ? undefined : S extends z.ZodType ? z.output<S> : undefined;

/** Path parameters as a caller gives them: every segment is text on the wire, so numbers do too. */
export type RouteParams<R> =
  R extends RouteContract<infer P, z.ZodType, z.ZodType, z.ZodType>
    ? InputOf<P> extends undefined
      ? undefined
      : { [K in keyof InputOf<P>]: string | number }
    : never;
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
