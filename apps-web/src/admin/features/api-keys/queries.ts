import { Intent } from '@blueprintjs/core';
import {
  endpoints,
  type ApiClient,
  type ApiKey,
  type CreateApiKeyRequest,
  type CreatedApiKey,
} from '@msp/shared/browser';
import { queryOptions } from '@tanstack/react-query';
import { useToast } from '../../../lib/toasts.js';
import { useApi } from '../../../platform/platform-context.js';
import { useAdminMutation, useAdminQuery } from '../../api/admin-query.js';
import { useErrorToast } from '../../api/use-error-toast.js';

/** Cache key of the key list: its path (spec 7). */
export const API_KEYS_KEY = [endpoints.listApiKeys.path] as const;

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
  const api = useApi();
  const { show } = useToast();
  const toastError = useErrorToast();
  return useAdminMutation({
    mutationFn: (body: CreateApiKeyRequest) => api.call('createApiKey', { body }),
    // Not kept in the mutation cache once the dialog is gone: the answer holds the whole token.
    gcTime: 0,
    invalidates: [API_KEYS_KEY],
    onSuccess: (key) => {
      show({
        title: "API key created successfully. Save the token - it won't be shown again!",
        intent: Intent.SUCCESS,
      });
      onCreated?.(key);
    },
    onError: (error) => toastError(error, 'Failed to create API key'),
  });
}

/** PUT /api/admin/api-keys/{id} with isActive: Enable and Disable (spec 4). */
export function useSetApiKeyActive() {
  const api = useApi();
  const { show } = useToast();
  const toastError = useErrorToast();
  return useAdminMutation({
    mutationFn: ({ key, isActive }: { key: ApiKey; isActive: boolean }) =>
      api.call('updateApiKey', { params: { id: key.id }, body: { isActive } }),
    invalidates: [API_KEYS_KEY],
    onSuccess: () => show({ title: 'API key updated successfully', intent: Intent.SUCCESS }),
    onError: (error) => toastError(error, 'Failed to update API key'),
  });
}

/** DELETE /api/admin/api-keys/{id}: the key stops working at once. */
export function useDeleteApiKey({ onDeleted }: { onDeleted?: () => void } = {}) {
  const api = useApi();
  const { show } = useToast();
  const toastError = useErrorToast();
  return useAdminMutation({
    mutationFn: (key: ApiKey) => api.call('deleteApiKey', { params: { id: key.id } }),
    invalidates: [API_KEYS_KEY],
    onSuccess: () => {
      show({ title: 'API key deleted successfully', intent: Intent.SUCCESS });
      onDeleted?.();
    },
    onError: (error) => toastError(error, 'Failed to delete API key'),
  });
}
