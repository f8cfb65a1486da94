import type {
  ApiClient,
  ConsentStatementInput,
  DemographicField,
  DemographicFieldInput,
} from '@msp/shared/browser';
import { queryOptions } from '@tanstack/react-query';
import { queryKey } from '../../../lib/query-keys.js';
import { useApi } from '../../../platform/platform-context.js';
import { useAdminQuery } from '../../api/admin-query.js';
import { useAdminMutation } from '../../api/use-admin-mutation.js';

/** Cache key of the admin list of demographic fields: its path, as for every read. */
export const DEMOGRAPHIC_FIELDS_KEY = queryKey('listAdminDemographicFields');

/**
 * What a change to the fields makes out of date: the admin list, the visitor form's list (same
 * app, same cache) and the dashboard's count.
 */
const AFFECTED_KEYS = [
  DEMOGRAPHIC_FIELDS_KEY,
  queryKey('listDemographicFields'),
  queryKey('getAdminStats'),
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
  return useAdminMutation({
    call: (body: DemographicFieldInput, { api }) => api.call('createDemographicField', { body }),
    invalidates: AFFECTED_KEYS,
    success: 'Demographic field created successfully',
    failure: 'Failed to create demographic field',
    onSuccess: () => onSaved?.(),
  });
}

/** PATCH /api/admin/demographic-fields/{id}: the whole field, as on create. */
export function useUpdateDemographicField({ onSaved }: { onSaved?: () => void } = {}) {
  return useAdminMutation({
    call: ({ id, body }: { id: number; body: DemographicFieldInput }, { api }) =>
      api.call('updateDemographicField', { params: { id }, body }),
    invalidates: AFFECTED_KEYS,
    success: 'Demographic field updated successfully',
    failure: 'Failed to update demographic field',
    onSuccess: () => onSaved?.(),
  });
}

/** DELETE /api/admin/demographic-fields/{id}; past submissions keep their answers. */
export function useDeleteDemographicField({ onDeleted }: { onDeleted?: () => void } = {}) {
  return useAdminMutation({
    call: (id: number, { api }) => api.call('deleteDemographicField', { params: { id } }),
    invalidates: AFFECTED_KEYS,
    success: 'Demographic field deleted successfully',
    failure: 'Failed to delete demographic field',
    onSuccess: () => onDeleted?.(),
  });
}

/** Cache key of the admin's read of the consent statement. */
export const CONSENT_STATEMENT_KEY = queryKey('getAdminConsentStatement');

/** GET /api/admin/consent-statement: the current statement, or null when none is set. */
export const consentStatementQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: CONSENT_STATEMENT_KEY,
    queryFn: ({ signal }) => api.call('getAdminConsentStatement', { signal }),
  });

export function useConsentStatement() {
  const api = useApi();
  return useAdminQuery(consentStatementQuery(api));
}

/** PUT /api/admin/consent-statement: empty text removes the statement, and the visitor's checkbox with it. */
export function useSaveConsentStatement({ onSaved }: { onSaved?: (removed: boolean) => void } = {}) {
  return useAdminMutation({
    call: (body: ConsentStatementInput, { api }) => api.call('updateConsentStatement', { body }),
    // The visitor's step reads the public statement through the same cache.
    invalidates: [CONSENT_STATEMENT_KEY, queryKey('getConsentStatement')],
    success: ({ statement }) =>
      statement ? 'Consent statement saved successfully' : 'Consent statement removed successfully',
    failure: (_error, { text }) =>
      text.trim() === '' ? 'Failed to remove consent statement' : 'Failed to save consent statement',
    onSuccess: ({ statement }) => onSaved?.(statement === null),
  });
}
