import type { ApiClient, MatrixCell, MatrixCellInput, Pillar } from '@msp/shared/browser';
import { queryOptions } from '@tanstack/react-query';
import { queryKey } from '../../../lib/query-keys.js';
import { useApi } from '../../../platform/platform-context.js';
import { useAdminQuery } from '../../api/admin-query.js';
import { useAdminMutation } from '../../api/use-admin-mutation.js';
import { pillarsQuery } from '../../api/content-lists.js';

/** Cache key of every matrix cell (admin): its path, as for every read. */
export const MATRIX_CELLS_KEY = queryKey('listAdminMatrixCells');

/** GET /api/admin/matrix-cells. */
export const matrixCellsQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: MATRIX_CELLS_KEY,
    queryFn: ({ signal }) => api.call('listAdminMatrixCells', { signal }),
  });

export function useMatrixCells() {
  const api = useApi();
  return useAdminQuery(matrixCellsQuery(api));
}

/** Every pillar, active or not, in display order: the rows of the matrix. */
export function useAdminPillars() {
  const api = useApi();
  return useAdminQuery({
    ...pillarsQuery(api),
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
