import type { PublicMatrixCell, PublicPillar } from '@msp/shared/browser';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { publicQueries } from '../../lib/public-queries.js';
import { useApi } from '../../platform/platform-context.js';
import { useLanguage, useT } from '../../lib/i18n/i18n-context.js';

/** Key of a cell in the lookup: one cell per pillar and level. */
export const cellKey = (pillarId: number, level: number) => `${pillarId}:${level}`;

export interface MatrixData {
  /** Active pillars in display order; undefined while loading or after a failure. */
  pillars: PublicPillar[] | undefined;
  /** Cells by `cellKey(pillarId, level)`. */
  cellsByKey: Map<string, PublicMatrixCell>;
  isLoading: boolean;
  /** True when loading finished but pillars or cells are missing. */
  isUnavailable: boolean;
  /** One line per failed fetch, e.g. "Failed to fetch pillars (500: ...)". */
  failures: { message: string; detail: string | undefined }[];
  retry: () => void;
  /** True while a retry is in flight. */
  isRetrying: boolean;
}

/** Loads the active pillars and the matrix cells for the public matrix (shared cache with other pages). */
export function useMatrixData(): MatrixData {
  const api = useApi();
  const { language } = useLanguage();
  const t = useT();
  const pillarsQuery = useQuery(publicQueries.pillars(api, language));
  const cellsQuery = useQuery(publicQueries.matrixCells(api, language));

  const pillars = useMemo(
    () => pillarsQuery.data?.filter((p) => p.isActive).sort((a, b) => a.order - b.order || a.id - b.id),
    [pillarsQuery.data],
  );
  const cellsByKey = useMemo(() => {
    const map = new Map<string, PublicMatrixCell>();
    for (const cell of cellsQuery.data ?? []) map.set(cellKey(cell.pillarId, cell.level), cell);
    return map;
  }, [cellsQuery.data]);

  const failures: MatrixData['failures'] = [];
  if (cellsQuery.isError)
    failures.push({ message: t('matrix.cellsFailed'), detail: cellsQuery.error.message });
  if (pillarsQuery.isError)
    failures.push({ message: t('matrix.pillarsFailed'), detail: pillarsQuery.error.message });

  // A failure ends the wait at once: there is no point showing a spinner for the other half.
  const anyFailed = pillarsQuery.isError || cellsQuery.isError;
  const isLoading = !anyFailed && (pillarsQuery.isPending || cellsQuery.isPending);
  const isUnavailable = !isLoading && (!cellsQuery.data || !pillars || pillars.length === 0);

  const { refetch: refetchPillars } = pillarsQuery;
  const { refetch: refetchCells } = cellsQuery;
  const retry = useCallback(() => {
    void refetchPillars();
    void refetchCells();
  }, [refetchPillars, refetchCells]);

  const isRetrying = pillarsQuery.isFetching || cellsQuery.isFetching;

  return { pillars, cellsByKey, isLoading, isUnavailable, failures, retry, isRetrying };
}
