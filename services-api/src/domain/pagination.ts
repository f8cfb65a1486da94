import type { Pagination } from '@msp/shared';

/**
 * Where a page lies among `total` rows: every paged list answers with it. `capped` when the count
 * stopped short of every row, so "of more than" is said.
 */
export function paginationOf(
  { page, pageSize }: { page: number; pageSize: number },
  total: number,
  capped = false,
): Pagination {
  return { page, pageSize, total, totalPages: Math.ceil(total / pageSize), totalCapped: capped };
}
