import { Intent } from '@blueprintjs/core';
import {
  endpoints,
  type ApiClient,
  type DemographicField,
  type DemographicFieldInput,
} from '@msp/shared/browser';
import { queryOptions } from '@tanstack/react-query';
import { useApi } from '../../../platform/platform-context.js';
import { useToast } from '../../../lib/toasts.js';
import { useErrorToast } from '../../api/use-error-toast.js';
import { useAdminMutation, useAdminQuery } from '../../api/admin-query.js';

/** Cache key of the admin list of demographic fields: its path (spec 7). */
export const DEMOGRAPHIC_FIELDS_KEY = [endpoints.listAdminDemographicFields.path] as const;

/**
 * What a change to the fields makes out of date: the admin list, the visitor form's list (same
 * app, same cache) and the dashboard's count.
 */
const AFFECTED_KEYS = [
  DEMOGRAPHIC_FIELDS_KEY,
  [endpoints.listDemographicFields.path],
  [endpoints.getAdminStats.path],
] as const;

/** Display order ascending, then the order they were created in. */
export function byDisplayOrder(a: DemographicField, b: DemographicField): number {
  return a.order - b.order || a.id - b.id;
}

/** GET /api/admin/demographic-fields: every field, active or not, by display order. */
export const demographicFieldsQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: DEMOGRAPHIC_FIELDS_KEY,
    queryFn: ({ signal }) => api.call('listAdminDemographicFields', { signal }),
    select: (fields) => [...fields].sort(byDisplayOrder),
  });

export function useDemographicFields() {
  const api = useApi();
  return useAdminQuery(demographicFieldsQuery(api));
}

/** POST /api/admin/demographic-fields. */
export function useCreateDemographicField({ onSaved }: { onSaved?: () => void } = {}) {
  const api = useApi();
  const { show } = useToast();
  const toastError = useErrorToast();
  return useAdminMutation({
    mutationFn: (body: DemographicFieldInput) => api.call('createDemographicField', { body }),
    invalidates: AFFECTED_KEYS,
    onSuccess: () => {
      show({ title: 'Demographic field created successfully', intent: Intent.SUCCESS });
      onSaved?.();
    },
    onError: (error) => toastError(error, 'Failed to create demographic field'),
  });
}

/** PATCH /api/admin/demographic-fields/{id}: the whole field, as on create. */
export function useUpdateDemographicField({ onSaved }: { onSaved?: () => void } = {}) {
  const api = useApi();
  const { show } = useToast();
  const toastError = useErrorToast();
  return useAdminMutation({
    mutationFn: ({ id, body }: { id: number; body: DemographicFieldInput }) =>
      api.call('updateDemographicField', { params: { id }, body }),
    invalidates: AFFECTED_KEYS,
    onSuccess: () => {
      show({ title: 'Demographic field updated successfully', intent: Intent.SUCCESS });
      onSaved?.();
    },
    onError: (error) => toastError(error, 'Failed to update demographic field'),
  });
}

/** DELETE /api/admin/demographic-fields/{id}; past submissions keep their answers. */
export function useDeleteDemographicField({ onDeleted }: { onDeleted?: () => void } = {}) {
  const api = useApi();
  const { show } = useToast();
  const toastError = useErrorToast();
  return useAdminMutation({
    mutationFn: (id: number) => api.call('deleteDemographicField', { params: { id } }),
    invalidates: AFFECTED_KEYS,
    onSuccess: () => {
      show({ title: 'Demographic field deleted successfully', intent: Intent.SUCCESS });
      onDeleted?.();
    },
    onError: (error) => toastError(error, 'Failed to delete demographic field'),
  });
}
