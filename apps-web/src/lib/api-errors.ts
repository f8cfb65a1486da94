import { ApiError, type ErrorBody } from '@msp/shared/browser';

/** Whether an error is an API answer with the given status. */
export function hasStatus(error: unknown, status: number): boolean {
  return error instanceof ApiError && error.status === status;
}

/** A 401: the session has ended (or never existed). */
export function isUnauthorized(error: unknown): boolean {
  return hasStatus(error, 401);
}

/** A 403: signed in, but no longer allowed. */
export function isForbidden(error: unknown): boolean {
  return hasStatus(error, 403);
}

/** How an error reads on screen: "status: body" for API errors, else the error's own message. */
export function errorText(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong.';
}

type Issue = NonNullable<ErrorBody['issues']>[number];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isIssue = (value: unknown): value is Issue =>
  isRecord(value) && typeof value.field === 'string' && typeof value.message === 'string';

/**
 * The shared `ErrorBody` of a refused request: the one place the client reads an error's body.
 * The server builds every 4xx from that schema; a 5xx body says nothing useful to the person, and
 * a network failure has none, so both give null, as does a body that is not an `ErrorBody`.
 * Checked by hand rather than with the zod schema, which would add zod to every screen's bundle.
 */
export function errorBody(error: unknown): ErrorBody | null {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500) return null;
  let body: unknown;
  try {
    body = JSON.parse(error.body);
  } catch {
    return null;
  }
  if (!isRecord(body) || typeof body.message !== 'string') return null;
  return {
    statusCode: typeof body.statusCode === 'number' ? body.statusCode : error.status,
    error: typeof body.error === 'string' ? body.error : '',
    message: body.message,
    ...(typeof body.field === 'string' ? { field: body.field } : {}),
    ...(Array.isArray(body.issues) ? { issues: body.issues.filter(isIssue) } : {}),
  };
}

/**
 * What an error toast says: for a refused request, the server's own words (its first field
 * problem, e.g. "A field with this identifier already exists", else its message); otherwise the
 * screen's message.
 */
export function errorMessage(error: unknown, fallback: string): string {
  const body = errorBody(error);
  return body?.issues?.[0]?.message || body?.message || fallback;
}

// Request bodies have the form's shape: the server names their fields "body.<path>".
const formField = (field: string) => field.replace(/^body\./, '');

/** The field problems of a refused request, named as the form names its fields ("answers.0.answer.text"). */
export function errorIssues(error: unknown): Issue[] {
  return (errorBody(error)?.issues ?? []).map(({ field, message }) => ({ field: formField(field), message }));
}
