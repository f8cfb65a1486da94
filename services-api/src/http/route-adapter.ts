import Boom from '@hapi/boom';
import type { Lifecycle, Request, ResponseToolkit, RouteOptions, ServerRoute } from '@hapi/hapi';
import type { AnyRoute, ParsedBody, ParsedParams, ParsedQuery, RouteResponse } from '@msp/shared';
import type { z } from 'zod';
import { answeringDomainErrors } from './errors.js';

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
export class JsonText {
  constructor(readonly text: string) {}
}

export type ContractHandler<R extends AnyRoute> = (
  input: HandlerInput<R>,
) => Promise<RouteResponse<R> | JsonText> | RouteResponse<R> | JsonText;

export interface RouteExtras {
  /** Largest accepted request body in bytes. */
  payloadMaxBytes?: number;
  /** Hapi route options to merge (auth, plugins, pre...). */
  options?: Partial<RouteOptions>;
}

/** What the adapter keeps on each Hapi route, so tests and the OpenAPI document can find the contract. */
export interface ContractRouteApp {
  contract: AnyRoute;
}

/**
 * Hapi auth for each kind of contract route. Admin routes need a session whose user is an approved
 * admin (scope "admin"): 401 without a session, 403 without the scope.
 */
export function authOptionsFor(auth: AnyRoute['auth']): RouteOptions['auth'] {
  switch (auth) {
    case 'public':
      return false;
    case 'session':
      return { strategy: 'session', mode: 'required' };
    case 'admin':
      return { strategy: 'session', mode: 'required', access: { scope: ['admin'] } };
    default:
      throw new Error(`No authentication is set up for "${auth}" routes yet`);
  }
}

/** Turns zod issues into a 400 whose message names the offending field. */
export function badRequestFromZod(error: z.ZodError, location: string): Boom.Boom {
  const issues = error.issues.map((issue) => {
    const field = [location, ...issue.path.map(String)].filter(Boolean).join('.') || 'body';
    return { field, message: issue.message };
  });
  const first = issues[0] ?? { field: location, message: 'is invalid' };
  return invalidField(first.field, first.message, issues);
}

/** A 400 for one named field, shaped like every other validation error. */
export function invalidField(
  field: string,
  message: string,
  issues: { field: string; message: string }[] = [{ field, message }],
): Boom.Boom {
  const error = Boom.badRequest(`${field}: ${message}`);
  Object.assign(error.output.payload, { field, issues });
  return error;
}

function parseWith(schema: z.ZodType | undefined, value: unknown, location: string): unknown {
  if (!schema) return value;
  const result = schema.safeParse(value ?? (location === 'body' ? undefined : {}));
  if (!result.success) throw badRequestFromZod(result.error, location);
  return result.data;
}

/**
 * Builds a Hapi route from a shared contract: validates path params, query and body with the
 * contract's zod schemas (400 naming the field on failure), runs the handler with the parsed
 * values, and, when asked, checks the response against the contract.
 */
export function contractRoute<R extends AnyRoute>(
  contract: R,
  handler: ContractHandler<R>,
  extras: RouteExtras & { validateResponses?: boolean } = {},
): ServerRoute {
  const hapiHandler: Lifecycle.Method = async (request, h) => {
    const params = parseWith(contract.params, request.params, 'params');
    const query = parseWith(contract.query, request.query, 'query');
    if (contract.body && (request.payload === null || request.payload === undefined)) {
      throw invalidField('body', 'a JSON body is required');
    }
    const body = parseWith(contract.body, request.payload, '');
    const result = await answeringDomainErrors(() =>
      handler({ params, query, body, request, h } as HandlerInput<R>),
    );
    if (extras.validateResponses) {
      const checked = contract.response.safeParse(
        result instanceof JsonText ? JSON.parse(result.text) : result,
      );
      if (!checked.success) {
        throw Boom.badImplementation(
          `Response of ${contract.method} ${contract.path} breaks its contract: ${checked.error.message}`,
        );
      }
    }
    if (result instanceof JsonText) {
      return h
        .response(result.text)
        .type('application/json; charset=utf-8')
        .code(contract.successStatus ?? 200);
    }
    return h.response(result as object).code(contract.successStatus ?? 200);
  };

  const app: ContractRouteApp = { contract };
  return {
    method: contract.method,
    path: contract.path,
    handler: hapiHandler,
    options: {
      auth: authOptionsFor(contract.auth),
      // Only cookie-authenticated writes need the CSRF token; public routes carry no session.
      plugins: contract.auth === 'public' ? { crumb: false } : {},
      ...extras.options,
      app,
      description: contract.summary,
      ...(contract.body !== undefined && {
        payload: { maxBytes: extras.payloadMaxBytes ?? 256 * 1024, parse: true, allow: 'application/json' },
      }),
    },
  };
}
