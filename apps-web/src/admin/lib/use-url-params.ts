import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * A screen's place kept in its URL's query (?page=2&search=acme), so Back and shared links restore
 * it: the parameters, and `update`, which sets the given ones (null or '' removes one) and keeps
 * the rest; with `replace` it adds no history entry (for typing).
 */
export function useUrlParams() {
  const [params, setParams] = useSearchParams();
  const update = (changes: Record<string, string | null>, replace = false) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace },
    );
  return { params, update };
}

/** The page number in the URL's `page`, from 1. */
export function pageParam(params: URLSearchParams): number {
  return Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
}

/**
 * A page past the end (after rows were deleted or thinned out) goes back to the last one there is,
 * replacing the address rather than adding to the history.
 */
export function useClampedPage(
  page: number,
  totalPages: number | undefined,
  update: ReturnType<typeof useUrlParams>['update'],
) {
  useEffect(() => {
    if (totalPages !== undefined && totalPages > 0 && page > totalPages) {
      update({ page: String(totalPages) }, true);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [page, totalPages]);
}
