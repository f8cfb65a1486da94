/**
 * What a service can refuse, said without HTTP: services throw these and the route adapter turns
 * them into responses in one place (`http/errors.ts`), so no service knows about status codes.
 */

/** One problem with one input field, named by its dotted path. */
export interface FieldIssue {
  field: string;
  message: string;
}

/** The thing asked for does not exist. */
export class NotFoundError extends Error {
  override name = 'NotFoundError';
}

/** The request is well formed but clashes with the current state (a duplicate, a locked account...). */
export class ConflictError extends Error {
  override name = 'ConflictError';
}

/** The caller is known but may not do this; the message says why. */
export class ForbiddenError extends Error {
  override name = 'ForbiddenError';
}

/** An input field is wrong; `issues` lists every problem found, the first being `field`. */
export class InvalidFieldError extends Error {
  override name = 'InvalidFieldError';

  constructor(
    readonly field: string,
    readonly reason: string,
    readonly issues: FieldIssue[] = [{ field, message: reason }],
  ) {
    super(`${field}: ${reason}`);
  }

  /** The error for a non-empty list of problems, named after the first. */
  static of(issues: FieldIssue[]): InvalidFieldError {
    const [first = { field: 'body', message: 'is invalid' }] = issues;
    return new InvalidFieldError(first.field, first.message, issues);
  }
}

/** Throws for a list of problems found, when there is any. */
export function assertNoIssues(issues: FieldIssue[]): void {
  if (issues.length > 0) throw InvalidFieldError.of(issues);
}

/**
 * A start-up or command problem the operator can fix (a setting, a busy DATA_DIR, the embedded
 * database): main.ts and cli.ts print its message alone, without a stack trace.
 */
export class OperatorError extends Error {}
