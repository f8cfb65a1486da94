import { ApiError } from '@msp/shared/browser';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';

/** One problem the server found with a request: the field it names and what is wrong. */
export interface ServerIssue {
  /** The field as the form names it ("identifier", "answers.0.answer.text"). */
  field: string;
  message: string;
}

interface RefusedBody {
  message?: unknown;
  issues?: unknown;
}

/** The JSON body of a refused request (4xx); a 5xx body says nothing useful to the person. */
function readBody(error: unknown): RefusedBody | null {
  if (!(error instanceof ApiError) || error.status >= 500) return null;
  try {
    const body: unknown = JSON.parse(error.body);
    return body && typeof body === 'object' ? (body as RefusedBody) : null;
  } catch {
    return null;
  }
}

// The server names body fields as the form does; a whole-body problem is named "body".
const formField = (field: string) => field.replace(/^body\./, '');

/** The field problems of a 400 (`{ field, message: "field: text", issues }`); empty for anything else. */
export function serverIssues(error: unknown): ServerIssue[] {
  const body = readBody(error);
  if (!body || !Array.isArray(body.issues)) return [];
  return body.issues.flatMap((issue: unknown) => {
    const { field, message } = (issue ?? {}) as { field?: unknown; message?: unknown };
    return typeof field === 'string' && typeof message === 'string'
      ? [{ field: formField(field), message }]
      : [];
  });
}

/**
 * What the server said about a failed request, for a toast: the first field problem in its own
 * words ("A field with this identifier already exists"), else the body's message, else null.
 */
export function serverIssue(error: unknown): { field: string | null; message: string } | null {
  const [first] = serverIssues(error);
  if (first) return first;
  const body = readBody(error);
  return typeof body?.message === 'string' && body.message ? { field: null, message: body.message } : null;
}

/** Whether "a.0.b" names a value present in the form's values. */
function hasPath(values: unknown, path: string): boolean {
  let current = values;
  for (const segment of path.split('.')) {
    if (typeof current !== 'object' || current === null || !(segment in current)) return false;
    current = (current as Record<string, unknown>)[segment];
  }
  return true;
}

/**
 * Shows a 400's field problems at the form's own fields (request bodies have the form's shape),
 * focusing the first. Problems with nothing to show them on are left to the error toast.
 * Returns whether any were shown.
 */
export function showServerIssues<T extends FieldValues>(form: UseFormReturn<T>, error: unknown): boolean {
  const values = form.getValues();
  let shown = 0;
  for (const { field, message } of serverIssues(error)) {
    if (!hasPath(values, field)) continue;
    form.setError(field as Path<T>, { type: 'server', message }, { shouldFocus: shown === 0 });
    shown += 1;
  }
  return shown > 0;
}
