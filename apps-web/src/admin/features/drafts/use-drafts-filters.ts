import { useEffect, useState } from 'react';
import { datesBackwards } from '../../lib/date-range.js';
import { useDebouncedValue } from '../../lib/use-debounced-value.js';
import { pageParam, useUrlParams } from '../../lib/use-url-params.js';
import type { DraftFilters } from './queries.js';

const SEARCH_DELAY_MS = 300;

const FILTER_NAMES = ['search', 'language', 'startDate', 'endDate'] as const;

/** The filters a URL's query gives: the named parameters that have a value. */
export function draftFiltersFromParams(params: URLSearchParams): DraftFilters {
  return Object.fromEntries(
    FILTER_NAMES.flatMap((name) => {
      const value = params.get(name);
      return value ? [[name, value]] : [];
    }),
  );
}

/** "12 of 30 answered": how far a visitor got. */
export function progressText(answered: number, questionCount: number): string {
  return `${answered} of ${questionCount} answered`;
}

/** The part answered, 0 to 1, for the progress bar; a draft of no questions has none. */
export function progressValue(answered: number, questionCount: number): number {
  return questionCount > 0 ? Math.min(1, answered / questionCount) : 0;
}

/**
 * The screen's place in the URL (?page=2&search=acme&language=de&startDate=…), so Back and shared
 * links restore it. The search applies once typing settles; the language and dates at once.
 */
export function useDraftsFilters() {
  const { params, update } = useUrlParams();
  const page = pageParam(params);
  const filters = draftFiltersFromParams(params);

  const [searchText, setSearchText] = useState(filters.search ?? '');
  const settled = useDebouncedValue(searchText.trim(), SEARCH_DELAY_MS);
  useEffect(() => {
    if (settled !== (filters.search ?? '')) update({ search: settled, page: null }, true);
    // Only the settled text changes the URL; the URL's own changes must not loop back here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);

  const setFilter = (name: Exclude<keyof DraftFilters, 'search'>, value: string) =>
    update({ [name]: value, page: null }, name === 'language');
  const filtered = FILTER_NAMES.some((name) => filters[name]);
  const clearFilters = () => {
    setSearchText('');
    update({ ...Object.fromEntries(FILTER_NAMES.map((name) => [name, null])), page: null });
  };

  return {
    page,
    filters,
    update,
    searchText,
    setSearchText,
    setFilter,
    filtered,
    clearFilters,
    datesBackwards: datesBackwards(filters),
  };
}
