import type { ApiClient, LogoUpload, SiteSettingsInput } from '@msp/shared/browser';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKey } from '../../../lib/query-keys.js';
import { useApi, usePlatform } from '../../../platform/platform-context.js';
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

/** GET /api/admin/reminders: who is waiting for a reminder to reassess. */
export function useReminderSummary() {
  const api = useApi();
  return useAdminQuery(
    queryOptions({
      queryKey: queryKey('getReminderSummary'),
      queryFn: ({ signal }) => api.call('getReminderSummary', { signal }),
    }),
  );
}

/** The question order in effect, for the Order fields' hints; undefined while it loads. */
export function useQuestionOrder(): string | undefined {
  return useSettings().data?.settings.find((setting) => setting.key === 'questionOrder')?.value;
}

/** Cache key of the stored logo. */
export const LOGO_KEY = queryKey('getLogo');

/** GET /api/admin/branding/logo: the stored logo (a PNG) or null. */
export function useLogo() {
  const api = useApi();
  return useAdminQuery(
    queryOptions({ queryKey: LOGO_KEY, queryFn: ({ signal }) => api.call('getLogo', { signal }) }),
  );
}

/**
 * The logo's pixels as a data URL: the desktop client's pages may show only their own images and
 * `data:` ones (as may the browser's, which takes no `blob:`), so the PNG is fetched through the
 * platform rather than linked.
 */
export function useLogoImage(url: string | null | undefined) {
  const platform = usePlatform();
  return useQuery({
    queryKey: ['logo-image', url],
    enabled: Boolean(url),
    staleTime: Infinity,
    queryFn: async ({ signal }) => {
      const response = await platform.fetch(`${platform.apiBaseUrl}${url}`, { signal });
      if (!response.ok) throw new Error(`The logo answered ${response.status}`);
      const blob = await response.blob();
      return new Promise<string>((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.onerror = () => reject(reader.error ?? new Error('The logo could not be read'));
        reader.readAsDataURL(blob);
      });
    },
  });
}

const logoInvalidations = [LOGO_KEY, queryKey('getConfig')];

/** PUT /api/admin/branding/logo: a PNG or SVG file, sent in base64. */
export function useUploadLogo() {
  return useAdminMutation({
    call: (body: LogoUpload, { api }) => api.call('uploadLogo', { body }),
    invalidates: logoInvalidations,
    success: () => 'Logo uploaded',
    failure: () => 'Failed to upload the logo',
  });
}

/** DELETE /api/admin/branding/logo. */
export function useRemoveLogo() {
  return useAdminMutation({
    call: (_: void, { api }) => api.call('removeLogo', {}),
    invalidates: logoInvalidations,
    success: () => 'Logo removed',
    failure: () => 'Failed to remove the logo',
  });
}
