import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { errorIssues } from '../../lib/api-errors.js';

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
 * Shows a refused request's field problems at the form's own fields, focusing the first. Problems
 * with nothing to show them on are left to the error toast. Returns whether any were shown.
 */
export function showServerIssues<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'getValues' | 'setError'>,
  error: unknown,
): boolean {
  const values = form.getValues();
  let shown = 0;
  for (const { field, message } of errorIssues(error)) {
    if (!hasPath(values, field)) continue;
    form.setError(field as Path<T>, { type: 'server', message }, { shouldFocus: shown === 0 });
    shown += 1;
  }
  return shown > 0;
}
