import type { OrganisationSort } from '@msp/shared/browser';
import { useEffect, useState } from 'react';
import { useDebouncedValue } from '../../lib/use-debounced-value.js';
import { pageParam, useUrlParams } from '../../lib/use-url-params.js';
import type { OrganisationOrder } from './queries.js';

const SEARCH_DELAY_MS = 300;

const SORTS: readonly OrganisationSort[] = [
  'domain',
  'members',
  'submissions',
  'lastSubmittedAt',
  'teamLevel',
  'trend',
];

/** The order a URL's query gives: most recently active first unless it names another. */
export function orderFromParams(params: URLSearchParams): OrganisationOrder {
  const sort = params.get('sort');
  const direction = params.get('direction');
  const search = params.get('search');
  return {
    ...(search && { search }),
    sort: SORTS.includes(sort as OrganisationSort) ? (sort as OrganisationSort) : 'lastSubmittedAt',
    direction: direction === 'asc' ? 'asc' : 'desc',
  };
}

/**
 * The order after a click on a column's heading: the sorted column turns around; another starts
 * with its most telling end (the domain from A, the figures from the largest).
 */
export function nextOrder(
  order: OrganisationOrder,
  sort: OrganisationSort,
): Pick<OrganisationOrder, 'sort' | 'direction'> {
  if (order.sort === sort) return { sort, direction: order.direction === 'asc' ? 'desc' : 'asc' };
  return { sort, direction: sort === 'domain' ? 'asc' : 'desc' };
}

/**
 * The list's place in the URL (?search=north&sort=teamLevel&direction=desc&page=2), and the
 * organisation open (?domain=…), so Back and shared links restore both.
 */
export function useOrganisationsOrder() {
  const { params, update } = useUrlParams();
  const page = pageParam(params);
  const order = orderFromParams(params);
  const domain = params.get('domain');

  const [searchText, setSearchText] = useState(order.search ?? '');
  const settled = useDebouncedValue(searchText.trim(), SEARCH_DELAY_MS);
  useEffect(() => {
    if (settled !== (order.search ?? '')) update({ search: settled, page: null }, true);
    // Only the settled text changes the URL; the URL's own changes must not loop back here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);

  const sortBy = (sort: OrganisationSort) => {
    const next = nextOrder(order, sort);
    update({ sort: next.sort, direction: next.direction, page: null });
  };
  const clearSearch = () => {
    setSearchText('');
    update({ search: null, page: null });
  };
  return { page, order, domain, update, searchText, setSearchText, sortBy, clearSearch };
}
