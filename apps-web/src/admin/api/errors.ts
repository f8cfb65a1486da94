import { ApiError } from '@msp/shared/browser';

/** Whether an error is an API answer with the given status. */
export function hasStatus(error: unknown, status: number): boolean {
  return error instanceof ApiError && error.status === status;
}

/** A 401: the session has ended (or never existed). */
export function isUnauthorized(error: unknown): boolean {
  return hasStatus(error, 401);
}

/** A 403: signed in, but no longer an approved admin. */
export function isForbidden(error: unknown): boolean {
  return hasStatus(error, 403);
}

/** How an error reads on screen: "status: body" for API errors (spec 8), else the error's own message. */
export function errorText(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong.';
}

/** The JSON body's `message` of an API error, when there is one. */
export function serverMessage(error: unknown): string | null {
  return error instanceof ApiError ? error.serverMessage : null;
}
