import Boom from '@hapi/boom';
import { ConflictError, ForbiddenError, InvalidFieldError, NotFoundError } from '../domain/errors.js';
import type { z } from 'zod';

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

/**
 * The one mapping from domain errors to HTTP. Anything else passes through untouched: a Boom keeps
 * its status, and an unexpected error becomes Hapi's 500.
 */
export function toHttpError(error: unknown): unknown {
  if (error instanceof NotFoundError) return Boom.notFound(error.message);
  if (error instanceof ConflictError) return Boom.conflict(error.message);
  if (error instanceof ForbiddenError) return Boom.forbidden(error.message);
  if (error instanceof InvalidFieldError) return invalidField(error.field, error.reason, error.issues);
  return error;
}

function isThenable<T>(value: T | Promise<T>): value is Promise<T> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}

/** Runs a route handler, answering its domain errors with their HTTP equivalents. */
export function answeringDomainErrors<T>(run: () => T | Promise<T>): T | Promise<T> {
  let result: T | Promise<T>;
  try {
    result = run();
  } catch (error) {
    throw toHttpError(error);
  }
  // A result at hand stays at hand: a cached read answers without a turn of the event loop.
  if (!isThenable(result)) return result;
  return Promise.resolve(result).catch((error: unknown) => {
    throw toHttpError(error);
  });
}
