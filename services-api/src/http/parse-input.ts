import type { z } from 'zod';
import { badRequestFromZod, invalidField } from './errors.js';
import { findInputFault } from './input-checks.js';

/** Null, undefined or `{}`: what hapi gives a route for params, query or body it was not sent. */
function isNothing(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value !== 'object') return false;
  for (const _key in value) return false;
  return true;
}

/** A plain object whose values are all primitives: a shallow copy of it is a whole one. */
function isFlatRecord(value: unknown): value is Record<string, unknown> {
  if (!value || typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return false;
  for (const item of Object.values(value)) if (item !== null && typeof item === 'object') return false;
  return true;
}

/**
 * Each query or params schema's parse of no input at all, when it is a record of primitives: most
 * public reads come without a query, and the schemas' parse of nothing (their defaults) is the
 * same every time. Handed out as a copy, so a handler that changes its query changes no other's.
 */
const parsedNothing = new WeakMap<z.ZodType, Record<string, unknown>>();

/**
 * A request's params, query or body (`location`: 'params', 'query', '' for the body) as its
 * contract's schema parses it: 400 naming the field for input no route can take or the schema
 * refuses. Without a schema, the value as it came.
 */
export function parseWith(schema: z.ZodType | undefined, value: unknown, location: string): unknown {
  const nothing = isNothing(value);
  // Most public reads take no input at all: nothing to look through on every request.
  if (!schema && nothing) return value;
  // Not a body, which may be an empty array: hapi hands a query and params over as objects.
  const keepable = nothing && schema && (location === 'query' || location === 'params');
  const kept = keepable ? parsedNothing.get(schema) : undefined;
  if (kept) return { ...kept };
  const fault = findInputFault(value, location);
  if (fault) throw invalidField(fault.path || 'body', fault.problem);
  if (!schema) return value;
  const result = schema.safeParse(value ?? (location === 'body' ? undefined : {}));
  if (!result.success) throw badRequestFromZod(result.error, location);
  if (keepable && isFlatRecord(result.data)) parsedNothing.set(schema, { ...result.data });
  return result.data;
}
