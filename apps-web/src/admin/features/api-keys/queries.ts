import type { ApiClient, ApiKey, CreateApiKeyRequest, CreatedApiKey } from '@msp/shared/browser';
import { queryOptions } from '@tanstack/react-query';
import { queryKey } from '../../../lib/query-keys.js';
import { useApi } from '../../../platform/platform-context.js';
import { useAdminQuery } from '../../api/admin-query.js';
import { useAdminMutation } from '../../api/use-admin-mutation.js';

/** Cache key of the key list: its path, as for every read. */
export const API_KEYS_KEY = queryKey('listApiKeys');

/** GET /api/admin/api-keys: every key, newest first, tokens masked. */
export const apiKeysQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: API_KEYS_KEY,
    queryFn: ({ signal }) => api.call('listApiKeys', { signal }),
  });

/** The key list, fetched once the signed-in user is known to be an approved admin. */
export function useApiKeys() {
  const api = useApi();
  return useAdminQuery(apiKeysQuery(api));
}

/**
 * POST /api/admin/api-keys. The answer holds the whole token, the only time it is ever sent: the
 * caller shows it once and forgets it (the mutation is reset when its dialog closes).
 */
export function useCreateApiKey({ onCreated }: { onCreated?: (key: CreatedApiKey) => void } = {}) {
  return useAdminMutation({
    call: (body: CreateApiKeyRequest, { api }) => api.call('createApiKey', { body }),
    // Not kept in the mutation cache once the dialog is gone: the answer holds the whole token.
    gcTime: 0,
    invalidates: [API_KEYS_KEY],
    success: "API key created successfully. Save the token - it won't be shown again!",
    failure: 'Failed to create API key',
    onSuccess: (key) => onCreated?.(key),
  });
}

/** PUT /api/admin/api-keys/{id} with isActive: Enable and Disable. */
export function useSetApiKeyActive() {
  return useAdminMutation({
    call: ({ key, isActive }: { key: ApiKey; isActive: boolean }, { api }) =>
      api.call('updateApiKey', { params: { id: key.id }, body: { isActive } }),
    invalidates: [API_KEYS_KEY],
    success: 'API key updated successfully',
    failure: 'Failed to update API key',
  });
}

/** DELETE /api/admin/api-keys/{id}: the key stops working at once. */
export function useDeleteApiKey({ onDeleted }: { onDeleted?: () => void } = {}) {
  return useAdminMutation({
    call: (key: ApiKey, { api }) => api.call('deleteApiKey', { params: { id: key.id } }),
    invalidates: [API_KEYS_KEY],
    success: 'API key deleted successfully',
    failure: 'Failed to delete API key',
    onSuccess: () => onDeleted?.(),
  });
}
