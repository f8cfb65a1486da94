import { Intent } from '@blueprintjs/core';
import {
  endpoints,
  type ApiClient,
  type MatrixCell,
  type MatrixCellInput,
  type Pillar,
} from '@msp/shared/browser';
import { queryOptions } from '@tanstack/react-query';
import { useApi } from '../../../platform/platform-context.js';
import { useToast } from '../../../lib/toasts.js';
import { useErrorToast } from '../../api/use-error-toast.js';
import { useAdminMutation, useAdminQuery } from '../../api/admin-query.js';

/** Cache key of every matrix cell (admin): its path (spec 7). */
export const MATRIX_CELLS_KEY = [endpoints.listAdminMatrixCells.path] as const;

/** Cache key of every pillar, active or not (admin): the rows of the matrix. Shared with Pillar Management. */
export const ADMIN_PILLARS_KEY = [endpoints.listAdminPillars.path] as const;

/** GET /api/admin/matrix-cells. */
export const matrixCellsQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: MATRIX_CELLS_KEY,
    queryFn: ({ signal }) => api.call('listAdminMatrixCells', { signal }),
  });

/** GET /api/admin/pillars, in display order. */
export const adminPillarsQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: ADMIN_PILLARS_KEY,
    queryFn: ({ signal }) => api.call('listAdminPillars', { signal }),
  });

export function useMatrixCells() {
  const api = useApi();
  return useAdminQuery(matrixCellsQuery(api));
}

export function useAdminPillars() {
  const api = useApi();
  return useAdminQuery({
    ...adminPillarsQuery(api),
    select: (pillars: Pillar[]) => [...pillars].sort((a, b) => a.order - b.order || a.id - b.id),
  });
}

/** Key of a cell in a lookup: one cell per pillar and level. */
export const cellKey = (pillarId: number, level: number) => `${pillarId}:${level}`;

export function cellsByKey(cells: readonly MatrixCell[] | undefined): Map<string, MatrixCell> {
  return new Map((cells ?? []).map((cell) => [cellKey(cell.pillarId, cell.level), cell]));
}

export interface CellChange {
  pillarId: number;
  level: number;
  body: MatrixCellInput;
}

/**
 * PUT /api/admin/matrix-cells/upsert/{pillarId}/{level}: creates or replaces the cell. The public
 * matrix (same app, same cache) is refreshed too.
 */
export function useUpsertMatrixCell({ onSaved }: { onSaved?: (cell: MatrixCell) => void } = {}) {
  const api = useApi();
  const { show } = useToast();
  const toastError = useErrorToast();
  return useAdminMutation({
    mutationFn: ({ pillarId, level, body }: CellChange) =>
      api.call('upsertMatrixCell', { params: { pillarId, level }, body }),
    invalidates: [MATRIX_CELLS_KEY, [endpoints.listMatrixCells.path]],
    onSuccess: (cell) => {
      show({ title: 'Matrix cell updated successfully', intent: Intent.SUCCESS });
      onSaved?.(cell);
    },
    onError: (error) => toastError(error, 'Failed to update matrix cell'),
  });
}
