import type { Pillar, PillarInput } from '@msp/shared/browser';
import { queryKey } from '../../../lib/query-keys.js';
import { useAdminMutation } from '../../api/use-admin-mutation.js';
import { STATS_KEY } from '../dashboard/public.js';
import { PILLARS_KEY } from '../../api/content-lists.js';

/**
 * What a pillar change can alter besides the pillar list: the dashboard counts, the questions'
 * pillars and points, the matrix rows, and the public pages' copies of all three.
 */
const PILLAR_CHANGE_AFFECTS = [
  PILLARS_KEY,
  STATS_KEY,
  queryKey('listAdminQuestions'),
  queryKey('listAdminMatrixCells'),
  queryKey('listPillars'),
  queryKey('listMatrixCells'),
  queryKey('listAssessmentQuestions'),
] as const;

/** The order a new pillar gets: after the last one. */
export function nextPillarOrder(pillars: readonly Pillar[] | undefined): number {
  return Math.max(0, ...(pillars ?? []).map((pillar) => pillar.order)) + 1;
}

export interface PillarSave {
  /** The pillar to replace; a new pillar when absent. */
  id?: number;
  body: PillarInput;
}

/** POST or PUT /api/admin/pillars, toasting the outcome. */
export function useSavePillar({ onSaved }: { onSaved?: (pillar: Pillar) => void } = {}) {
  return useAdminMutation({
    call: ({ id, body }: PillarSave, { api }) =>
      id === undefined
        ? api.call('createPillar', { body })
        : api.call('updatePillar', { params: { id }, body }),
    invalidates: PILLAR_CHANGE_AFFECTS,
    success: (_pillar, { id }) =>
      id === undefined ? 'Pillar created successfully' : 'Pillar updated successfully',
    failure: (_error, { id }) => (id === undefined ? 'Failed to create pillar' : 'Failed to update pillar'),
    onSuccess: (pillar) => onSaved?.(pillar),
  });
}

/** DELETE /api/admin/pillars/{id}: its matrix cells and points go too; its questions lose their pillar. */
export function useDeletePillar({ onDeleted }: { onDeleted?: () => void } = {}) {
  return useAdminMutation({
    call: (pillar: Pillar, { api }) => api.call('deletePillar', { params: { id: pillar.id } }),
    invalidates: PILLAR_CHANGE_AFFECTS,
    success: 'Pillar deleted successfully',
    failure: 'Failed to delete pillar',
    onSuccess: () => onDeleted?.(),
  });
}
