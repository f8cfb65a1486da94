import type { ApiClient, MatrixCell, MatrixCellInput, Pillar } from '@msp/shared/browser';
import { queryOptions } from '@tanstack/react-query';
import { queryKey } from '../../../lib/query-keys.js';
import { useApi } from '../../../platform/platform-context.js';
import { useAdminQuery } from '../../api/admin-query.js';
import { useAdminMutation } from '../../api/use-admin-mutation.js';

/** Cache key of every matrix cell (admin): its path (spec 7). */
export const MATRIX_CELLS_KEY = queryKey('listAdminMatrixCells');

/** Cache key of every pillar, active or not (admin): the rows of the matrix. Shared with Pillar Management. */
export const ADMIN_PILLARS_KEY = queryKey('listAdminPillars');

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
  return useAdminMutation({
    call: ({ pillarId, level, body }: CellChange, { api }) =>
      api.call('upsertMatrixCell', { params: { pillarId, level }, body }),
    invalidates: [MATRIX_CELLS_KEY, queryKey('listMatrixCells')],
    success: 'Matrix cell updated successfully',
    failure: 'Failed to update matrix cell',
    onSuccess: (cell) => onSaved?.(cell),
  });
}
