import Boom from '@hapi/boom';
import { ConflictError, InvalidFieldError, NotFoundError } from '../domain/errors.js';
// route-adapter imports this module too; the cycle is safe because neither uses the other at load time.
import { invalidField } from './route-adapter.js';

/**
 * The one mapping from domain errors to HTTP. Anything else passes through untouched: a Boom keeps
 * its status, and an unexpected error becomes Hapi's 500.
 */
export function toHttpError(error: unknown): unknown {
  if (error instanceof NotFoundError) return Boom.notFound(error.message);
  if (error instanceof ConflictError) return Boom.conflict(error.message);
  if (error instanceof InvalidFieldError) return invalidField(error.field, error.reason, error.issues);
  return error;
}

/** Runs a route handler, answering its domain errors with their HTTP equivalents. */
export async function answeringDomainErrors<T>(run: () => T | Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toHttpError(error);
  }
}
