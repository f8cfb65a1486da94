import { useEffect, useState } from 'react';
import { useDebouncedValue } from '../../lib/use-debounced-value.js';
import { pageParam, useUrlParams } from '../../lib/use-url-params.js';
import { datesBackwards } from '../../lib/date-range.js';
import type { AuditFilters } from './queries.js';

const TYPING_DELAY_MS = 300;

const FILTER_NAMES = ['actor', 'action', 'targetType', 'targetId', 'startDate', 'endDate'] as const;

/** The filters a URL's query gives: the named parameters that have a value. */
export function filtersFromParams(params: URLSearchParams): AuditFilters {
  return Object.fromEntries(
    FILTER_NAMES.flatMap((name) => {
      const value = params.get(name);
      return value ? [[name, value]] : [];
    }),
  );
}

/**
 * The screen's place in the URL (?page=2&action=user.role…), so Back and shared links restore it.
 * The text filters (person, target id) apply once typing settles; the lists and dates at once.
 */
export function useAuditFilters() {
  const { params, update } = useUrlParams();
  const page = pageParam(params);
  const filters = filtersFromParams(params);

  const [actorText, setActorText] = useState(filters.actor ?? '');
  const [targetIdText, setTargetIdText] = useState(filters.targetId ?? '');
  const settledActor = useDebouncedValue(actorText.trim(), TYPING_DELAY_MS);
  const settledTargetId = useDebouncedValue(targetIdText.trim(), TYPING_DELAY_MS);
  useEffect(() => {
    if (settledActor !== (filters.actor ?? '') || settledTargetId !== (filters.targetId ?? '')) {
      update({ actor: settledActor, targetId: settledTargetId, page: null }, true);
    }
    // Only settled text filters; the URL's own changes must not loop back here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settledActor, settledTargetId]);

  const setFilter = (name: keyof AuditFilters, value: string) => update({ [name]: value, page: null });
  const filtered = FILTER_NAMES.some((name) => filters[name]);
  const clearFilters = () => {
    setActorText('');
    setTargetIdText('');
    update({ ...Object.fromEntries(FILTER_NAMES.map((name) => [name, null])), page: null });
  };

  return {
    page,
    filters,
    update,
    actorText,
    setActorText,
    targetIdText,
    setTargetIdText,
    setFilter,
    filtered,
    clearFilters,
    datesBackwards: datesBackwards(filters),
  };
}
