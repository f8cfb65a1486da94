import { Intent } from '@blueprintjs/core';
import { endpoints, type ApiClient, type Pillar, type PillarInput } from '@msp/shared/browser';
import { queryOptions } from '@tanstack/react-query';
import { useApi } from '../../../platform/platform-context.js';
import { useToast } from '../../../lib/toasts.js';
import { useErrorToast } from '../../api/use-error-toast.js';
import { useAdminMutation, useAdminQuery } from '../../api/admin-query.js';
import { STATS_KEY } from '../dashboard/queries.js';

/** Cache key of the admin pillar list: its path (spec 7). */
export const PILLARS_KEY = [endpoints.listAdminPillars.path] as const;

/**
 * What a pillar change can alter besides the pillar list: the dashboard counts, the questions'
 * pillars and points, the matrix rows, and the public pages' copies of all three.
 */
const PILLAR_CHANGE_AFFECTS = [
  PILLARS_KEY,
  STATS_KEY,
  [endpoints.listAdminQuestions.path],
  [endpoints.listAdminMatrixCells.path],
  [endpoints.listPillars.path],
  [endpoints.listMatrixCells.path],
  [endpoints.listAssessmentQuestions.path],
] as const;

/** GET /api/admin/pillars: every pillar, active or not, in order. */
export const pillarsQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: PILLARS_KEY,
    queryFn: ({ signal }) => api.call('listAdminPillars', { signal }),
  });

/** The pillar list, fetched once the signed-in user is known to be an approved admin. */
export function usePillars() {
  const api = useApi();
  return useAdminQuery(pillarsQuery(api));
}

/** The order a new pillar gets: after the last one. */
export function nextPillarOrder(pillars: readonly Pillar[] | undefined): number {
  return Math.max(0, ...(pillars ?? []).map((pillar) => pillar.order)) + 1;
}

export interface PillarSave {
  /** The pillar to replace; a new pillar when absent. */
  id?: number;
  body: PillarInput;
}

/** POST or PUT /api/admin/pillars, toasting the outcome (spec 8). */
export function useSavePillar({ onSaved }: { onSaved?: (pillar: Pillar) => void } = {}) {
  const api = useApi();
  const { show } = useToast();
  const toastError = useErrorToast();
  return useAdminMutation({
    mutationFn: ({ id, body }: PillarSave) =>
      id === undefined
        ? api.call('createPillar', { body })
        : api.call('updatePillar', { params: { id }, body }),
    invalidates: PILLAR_CHANGE_AFFECTS,
    onSuccess: (pillar, { id }) => {
      show({
        title: id === undefined ? 'Pillar created successfully' : 'Pillar updated successfully',
        intent: Intent.SUCCESS,
      });
      onSaved?.(pillar);
    },
    onError: (error, { id }) =>
      toastError(error, id === undefined ? 'Failed to create pillar' : 'Failed to update pillar'),
  });
}

/** DELETE /api/admin/pillars/{id}: its matrix cells and points go too; its questions lose their pillar. */
export function useDeletePillar({ onDeleted }: { onDeleted?: () => void } = {}) {
  const api = useApi();
  const { show } = useToast();
  const toastError = useErrorToast();
  return useAdminMutation({
    mutationFn: (pillar: Pillar) => api.call('deletePillar', { params: { id: pillar.id } }),
    invalidates: PILLAR_CHANGE_AFFECTS,
    onSuccess: () => {
      show({ title: 'Pillar deleted successfully', intent: Intent.SUCCESS });
      onDeleted?.();
    },
    onError: (error) => toastError(error, 'Failed to delete pillar'),
  });
}
