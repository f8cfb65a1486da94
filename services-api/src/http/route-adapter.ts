import Boom from '@hapi/boom';
import type { Lifecycle, Request, ResponseToolkit, RouteOptions, ServerRoute } from '@hapi/hapi';
import {
  allRoutes,
  AUDITED_ROUTES,
  type AuditAction,
  keyPermissionOf,
  permissionAllows,
  type AnyPage,
  type AnyRoute,
  type PageContract,
  type ApiKeyPermission,
  type ParsedBody,
  type ParsedParams,
  type ParsedQuery,
  type RouteAccess,
  type RouteResponse,
} from '@msp/shared';
import type { z } from 'zod';
import type { ContentCache } from '../db/content-cache.js';
import { asPublicContent, NO_STORE, TaggedText } from './caching.js';
import { answeringDomainErrors, invalidField } from './errors.js';
import { parseWith } from './parse-input.js';
import { failOnUnreadableSession } from './request-guards.js';

/**
 * The auth strategy of verified visitors (plugins/visitor): its own cookie, its credentials carry
 * `visitor`. Named here, beside the key strategy, so the access levels map without importing it.
 */
export const VISITOR_STRATEGY = 'visitor';

/** The auth strategy that authenticates API keys; its credentials carry `apiKey`. */
export const API_KEY_STRATEGY = 'api-key';

declare module '@hapi/hapi' {
  interface ServerApplicationState {
    /**
     * Checks every JSON answer against its contract, turning a broken one into a 500 that names
     * it: on in tests (the configuration's `validateResponses`), off in production.
     */
    validateResponses?: boolean;
  }
  interface RequestApplicationState {
    /** The action of the audit record the request wrote (audit-trail.ts), checked in tests. */
    audited?: AuditAction;
  }
  interface AuthCredentials {
    /** Set by the API key strategy. */
    apiKey?: { id: number; name: string; permission: ApiKeyPermission };
  }
}

export interface HandlerInput<R extends AnyRoute> {
  params: ParsedParams<R>;
  query: ParsedQuery<R>;
  body: ParsedBody<R>;
  request: Request;
  h: ResponseToolkit;
}

/**
 * A response already serialized, such as cached public content: sent as is, so a hot read does
 * not pay JSON.stringify on every request.
 */
export class JsonText extends TaggedText {}

/** What a delete route answers once the row is gone. */
export const DELETED = { deleted: true } as const;

/**
 * A read served from the content cache as JSON text, cleared with the rest on a content change;
 * once loaded, handed back at once rather than through a promise.
 */
export function cachedJson(
  cache: ContentCache,
  key: string,
  load: () => Promise<unknown>,
): JsonText | Promise<JsonText> {
  const name = `json:${key}`;
  return (
    cache.peek<JsonText>(name) ?? cache.get(name, async () => new JsonText(JSON.stringify(await load())))
  );
}

export type ContractHandler<R extends AnyRoute> = (
  input: HandlerInput<R>,
) => Promise<RouteResponse<R> | JsonText> | RouteResponse<R> | JsonText;

export interface RouteExtras {
  /** Largest accepted request body in bytes. */
  payloadMaxBytes?: number;
  /**
   * Content types the body may come as; application/json unless stated. A text/plain body is read
   * as JSON too: it is what `navigator.sendBeacon` sends for a string, and, unlike
   * application/json, never needs a CORS preflight.
   */
  payloadTypes?: readonly ('application/json' | 'text/plain')[];
  /**
   * The body is a file's text (a translator's XLIFF or CSV), handed to the contract's schema as a
   * string whatever content type it came with; the handler may read the type from the headers.
   */
  textBody?: boolean;
  /** Hapi route options to merge (auth, plugins, pre...). */
  options?: Partial<RouteOptions>;
  /**
   * The answer is the same for every visitor (a public GET of content): it carries a strong ETag,
   * answers 304 to If-None-Match, and a CDN may keep it for a short while. Every other contract
   * answer says `no-store`.
   */
  publicContent?: boolean;
}

/** What the adapter keeps on each Hapi route, so tests and the OpenAPI document can find the contract. */
export interface ContractRouteApp {
  contract: AnyRoute | AnyPage;
  /** The contract's name for the route (`listPillars`): what the access log and metrics call it. */
  name: string;
}

const head = (route: { method: string; path: string }) => `${route.method.toUpperCase()} ${route.path}`;
/** Each contract entry's name by its method and path, looked up once per route as it is built. */
const namesByHead = new Map(Object.entries(allRoutes).map(([name, route]) => [head(route), name]));

function contractApp(contract: AnyRoute | AnyPage): ContractRouteApp {
  return { contract, name: namesByHead.get(head(contract)) ?? head(contract) };
}

/**
 * In tests (`validateResponses`), a route that changes or exports data (`AUDITED_ROUTES`) may not
 * succeed without writing its audit record: every API test of such a route checks it is recorded.
 */
function checkAudited(request: Request, status: number): void {
  if (!request.server.app.validateResponses || status >= 400) return;
  const name = contractNameOf(request);
  const action = name ? (AUDITED_ROUTES as Record<string, AuditAction>)[name] : undefined;
  if (action && request.app.audited === undefined) {
    throw Boom.badImplementation(`${name} answered ${status} without its audit record (${action})`);
  }
}

/** The status a handler's result answers with: a response object's own, else `fallback`. */
function statusOf(result: unknown, fallback: number): number {
  const code = (result as { statusCode?: unknown } | null)?.statusCode;
  return typeof code === 'number' ? code : fallback;
}

/** The contract's name of the route that answered a request, or undefined for a route without one. */
export function contractNameOf(request: Request): string | undefined {
  return (request.route.settings.app as Partial<ContractRouteApp> | undefined)?.name;
}

/**
 * Hapi auth for each access level. Portal routes need a session whose user's role permits the
 * level (scope "admin", "read-leads", "work-leads"): 401 without a session, 403 without the scope. Key routes take only the API key
 * strategy, so a session cookie never opens them; the permission is checked by `checkKeyPermission`
 * so the 403 can say which permission was missing.
 */
export function authOptionsFor(access: RouteAccess): RouteOptions['auth'] {
  switch (access) {
    case 'public':
      return false;
    case 'session':
      return { strategy: 'session', mode: 'required' };
    case 'read-leads':
    case 'work-leads':
    case 'admin': // a session's scope is its user's permissions (`permissionsOf`)
      return { strategy: 'session', mode: 'required', access: { scope: [access] } };
    case 'visitor':
      return { strategy: VISITOR_STRATEGY, mode: 'required' };
    default:
      return { strategy: API_KEY_STRATEGY, mode: 'required' };
  }
}

/** 403 unless the request's API key holds the permission the route needs. */
function checkKeyPermission(access: RouteAccess, request: Request): void {
  const needed = keyPermissionOf(access);
  if (!needed) return;
  const key = request.auth.credentials.apiKey;
  if (!key) throw Boom.unauthorized('An API key is required');
  if (!permissionAllows(key.permission, needed)) {
    throw Boom.forbidden(
      `This API key has the "${key.permission}" permission; this call needs "${needed}" or higher.`,
    );
  }
}

/**
 * Route options for answers no cache may keep: a signed-in user's data, a key holder's, or a
 * visitor's own results. Hapi sends `otherwise` as the Cache-Control of every answer of the route.
 * Every contract route has it unless it is public content; saying it on a route keeps it so.
 */
export const PERSONAL_DATA: Partial<RouteOptions> = { cache: { otherwise: NO_STORE } };

/** The body as JSON: Hapi parses application/json itself, and hands a text/plain body over as text. */
function jsonPayload(payload: unknown): unknown {
  if (typeof payload !== 'string') return payload;
  try {
    return JSON.parse(payload) as unknown;
  } catch {
    throw invalidField('body', 'must be JSON');
  }
}

/** The request's params, query and body, validated by the contract (a 400 naming the field). */
function parsedInput<R extends AnyRoute>(
  contract: R,
  request: Request,
  h: ResponseToolkit,
  extras: RouteExtras = {},
): HandlerInput<R> {
  checkKeyPermission(contract.access, request);
  const params = parseWith(contract.params, request.params, 'params');
  const query = parseWith(contract.query, request.query, 'query');
  if (contract.body && (request.payload === null || request.payload === undefined)) {
    throw invalidField('body', 'a JSON body is required');
  }
  const payload = extras.textBody ? request.payload : jsonPayload(request.payload);
  const body = parseWith(contract.body, payload, '');
  return { params, query, body, request, h } as HandlerInput<R>;
}

function routeOptions(contract: AnyRoute, extras: RouteExtras): RouteOptions {
  if (extras.publicContent && (contract.access !== 'public' || contract.method !== 'GET')) {
    throw new Error(`${contract.method} ${contract.path} is not a public read: it cannot be public content`);
  }
  const app = contractApp(contract);
  return {
    auth: authOptionsFor(contract.access),
    // Only cookie-authenticated writes need the CSRF token: public and key routes carry no session.
    plugins: contract.access === 'public' || keyPermissionOf(contract.access) ? { crumb: false } : {},
    // Public content sets its own Cache-Control on success; its errors, like every other answer,
    // must not be kept by a shared cache.
    ...PERSONAL_DATA,
    ...extras.options,
    app,
    description: contract.summary,
    ...(contract.body !== undefined && {
      payload: {
        maxBytes: extras.payloadMaxBytes ?? 256 * 1024,
        parse: true,
        ...(extras.textBody
          ? { override: 'text/plain' }
          : { allow: extras.payloadTypes ? [...extras.payloadTypes] : 'application/json' }),
      },
    }),
  };
}

/**
 * Builds a Hapi route from a shared contract: validates path params, query and body with the
 * contract's zod schemas (400 naming the field on failure), runs the handler with the parsed
 * values, and, when asked, checks the response against the contract.
 */
export function contractRoute<R extends AnyRoute>(
  contract: R,
  handler: ContractHandler<R>,
  extras: RouteExtras = {},
): ServerRoute {
  const answer = (result: RouteResponse<R> | JsonText, request: Request, h: ResponseToolkit) => {
    checkAudited(request, contract.successStatus ?? 200);
    if (request.server.app.validateResponses) {
      const checked = contract.response.safeParse(
        result instanceof JsonText ? JSON.parse(result.text) : result,
      );
      if (!checked.success) {
        throw Boom.badImplementation(
          `Response of ${contract.method} ${contract.path} breaks its contract: ${checked.error.message}`,
        );
      }
    }
    if (extras.publicContent) {
      // Cached reads are JsonText already; anything else is serialized here to be tagged.
      const json = result instanceof JsonText ? result : new JsonText(JSON.stringify(result));
      const response = h.response(json.text).type('application/json; charset=utf-8');
      return asPublicContent(request, response, json);
    }
    if (result instanceof JsonText) {
      return h
        .response(result.text)
        .type('application/json; charset=utf-8')
        .code(contract.successStatus ?? 200);
    }
    return h.response(result as object).code(contract.successStatus ?? 200);
  };
  // Not async: a result at hand (a cached read) is answered in the same turn.
  const hapiHandler: Lifecycle.Method = (request, h) => {
    const result = answeringDomainErrors(() => handler(parsedInput(contract, request, h, extras)));
    return result instanceof Promise
      ? result.then((value) => answer(value, request, h))
      : answer(result, request, h);
  };

  return {
    method: contract.method,
    path: contract.path,
    handler: hapiHandler,
    options: routeOptions(contract, extras),
  };
}

/**
 * Builds a Hapi route for a contract entry that answers a file or a page (`produces`): input is
 * validated and access enforced exactly as for a JSON route, and the handler builds the response
 * itself (a stream, headers such as Content-Disposition).
 */
export function fileRoute<R extends AnyRoute>(
  contract: R,
  handler: (input: HandlerInput<R>) => Lifecycle.ReturnValue | Promise<Lifecycle.ReturnValue>,
  extras: RouteExtras = {},
): ServerRoute {
  if (!contract.produces)
    throw new Error(`${contract.method} ${contract.path} answers JSON: use contractRoute`);
  const hapiHandler: Lifecycle.Method = async (request, h) => {
    const result = await answeringDomainErrors(() => handler(parsedInput(contract, request, h, extras)));
    checkAudited(request, statusOf(result, 200));
    return result;
  };
  return {
    method: contract.method,
    path: contract.path,
    handler: hapiHandler,
    options: routeOptions(contract, extras),
  };
}

type PageInputOf<S> = S extends z.ZodUndefined ? undefined : S extends z.ZodType ? z.output<S> : undefined;

export interface PageInput<P extends AnyPage> {
  query: P extends PageContract<infer Q, z.ZodType> ? PageInputOf<Q> : never;
  body: P extends PageContract<z.ZodType, infer B> ? PageInputOf<B> : never;
  request: Request;
  h: ResponseToolkit;
}

/**
 * Builds a Hapi route for a server-rendered page or redirect. Its query and form body are validated
 * like a JSON route's (a 400 naming the field), it sees the session when there is one, and a form
 * post checks the CSRF token sent as a form field.
 */
export function pageRoute<P extends AnyPage>(
  contract: P,
  handler: (input: PageInput<P>) => Lifecycle.ReturnValue | Promise<Lifecycle.ReturnValue>,
  extras: RouteExtras = {},
): ServerRoute {
  const hapiHandler: Lifecycle.Method = async (request, h) => {
    const query = parseWith(contract.query, request.query, 'query');
    const body = parseWith(contract.body, request.payload ?? {}, '');
    const result = await answeringDomainErrors(() => handler({ query, body, request, h } as PageInput<P>));
    checkAudited(request, statusOf(result, 200));
    return result;
  };
  const app = contractApp(contract);
  const isForm = contract.body !== undefined;
  return {
    method: contract.method,
    path: contract.path,
    handler: hapiHandler,
    options: {
      auth: { strategy: 'session', mode: 'try' },
      ext: { onPostAuth: { method: failOnUnreadableSession } },
      // Pages are where the CSRF token is issued (no other public answer sets a cookie): a GET
      // page renders it into its form, and the form's post sends it back as a field, named
      // "crumb" whatever the cookie is called (on https it has the __Host- prefix).
      plugins: { crumb: { restful: false, key: 'crumb' } },
      ...(isForm && {
        payload: {
          maxBytes: extras.payloadMaxBytes ?? 16 * 1024,
          parse: true,
          allow: ['application/x-www-form-urlencoded', 'application/json'],
        },
      }),
      ...extras.options,
      app,
      description: contract.summary,
    },
  };
}
