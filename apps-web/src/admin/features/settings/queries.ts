import type { ApiClient, SiteSettingsInput } from '@msp/shared/browser';
import { queryOptions } from '@tanstack/react-query';
import { queryKey } from '../../../lib/query-keys.js';
import { useApi } from '../../../platform/platform-context.js';
import { useAdminQuery } from '../../api/admin-query.js';
import { useAdminMutation } from '../../api/use-admin-mutation.js';

/** Cache key of the settings: its path, as for every read. */
export const SETTINGS_KEY = queryKey('getSettings');

/** GET /api/admin/settings: every setting in effect, where it comes from, and its default. */
export const settingsQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: SETTINGS_KEY,
    queryFn: ({ signal }) => api.call('getSettings', { signal }),
  });

export function useSettings() {
  const api = useApi();
  return useAdminQuery(settingsQuery(api));
}

/** PUT /api/admin/settings: only the settings changed; an empty text puts the default back. */
export function useSaveSettings({ onSaved }: { onSaved?: () => void } = {}) {
  return useAdminMutation({
    call: (body: SiteSettingsInput, { api }) => api.call('updateSettings', { body }),
    // The public pages read the same values through the configuration.
    invalidates: [SETTINGS_KEY, queryKey('getConfig')],
    success: () => 'Settings saved successfully',
    failure: () => 'Failed to save settings',
    onSuccess: () => onSaved?.(),
  });
}

/** The question order in effect, for the Order fields' hints; undefined while it loads. */
export function useQuestionOrder(): string | undefined {
  return useSettings().data?.settings.find((setting) => setting.key === 'questionOrder')?.value;
}
