import type { TranslationGridRow, TranslationStatus, UnitKind } from '@msp/shared/browser';

/** The grid's filters, as its URL keeps them: a status (or "to do": missing and changed), a kind, a text. */
export interface TranslationFilters {
  status: TranslationStatus | 'pending' | 'all';
  kind: UnitKind | 'all';
  search: string;
}

export const ROWS_PER_PAGE = 50;

export const STATUS_LABELS: Record<TranslationStatus, string> = {
  translated: 'Translated',
  missing: 'Missing',
  changed: 'Changed since translated',
};

export const KIND_LABELS: Record<UnitKind, string> = {
  pillar: 'Pillars',
  question: 'Questions and answers',
  matrix: 'Matrix',
  field: 'Form fields',
  consent: 'Consent statement',
  setting: 'Settings',
  email: 'Email templates',
  ui: 'Product texts',
};

const STATUSES = ['pending', 'all', 'missing', 'changed', 'translated'] as const;

/** The filters the URL names, each unknown value read as its default. */
export function filtersFrom(params: URLSearchParams, kinds: readonly string[]): TranslationFilters {
  const status = params.get('status');
  const kind = params.get('kind');
  return {
    status: (STATUSES as readonly string[]).includes(status ?? '')
      ? (status as TranslationFilters['status'])
      : 'all',
    kind: kind && kinds.includes(kind) ? (kind as UnitKind) : 'all',
    search: params.get('search') ?? '',
  };
}

/** The rows the filters let through, in the grid's order; the search looks at ids, contexts and both texts. */
export function filterRows(
  rows: readonly TranslationGridRow[],
  filters: TranslationFilters,
): TranslationGridRow[] {
  const needle = filters.search.trim().toLocaleLowerCase();
  return rows.filter((row) => {
    if (
      filters.status === 'pending'
        ? row.status === 'translated'
        : filters.status !== 'all' && row.status !== filters.status
    )
      return false;
    if (filters.kind !== 'all' && row.kind !== filters.kind) return false;
    if (!needle) return true;
    return [row.unit, row.context, row.source, row.target ?? ''].some((text) =>
      text.toLocaleLowerCase().includes(needle),
    );
  });
}

/** One page of the filtered rows, and how many pages there are (at least one). */
export function pageOf<T>(rows: readonly T[], page: number): { rows: T[]; page: number; totalPages: number } {
  const totalPages = Math.max(1, Math.ceil(rows.length / ROWS_PER_PAGE));
  const current = Math.min(Math.max(1, page), totalPages);
  return {
    rows: rows.slice((current - 1) * ROWS_PER_PAGE, current * ROWS_PER_PAGE),
    page: current,
    totalPages,
  };
}
