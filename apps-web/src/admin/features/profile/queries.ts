import type { SaveNotificationPreferencesRequest } from '@msp/shared/browser';
import { queryOptions } from '@tanstack/react-query';
import { queryKey } from '../../../lib/query-keys.js';
import { useApi } from '../../../platform/platform-context.js';
import { useAdminQuery } from '../../api/admin-query.js';
import { useAdminMutation } from '../../api/use-admin-mutation.js';

const PREFERENCES_KEY = queryKey('getNotificationPreferences');

/** GET /api/admin/profile/notifications: the signed-in admin's own choices. */
export function useNotificationPreferences() {
  const api = useApi();
  return useAdminQuery(
    queryOptions({
      queryKey: PREFERENCES_KEY,
      queryFn: ({ signal }) => api.call('getNotificationPreferences', { signal }),
    }),
  );
}

/** PUT /api/admin/profile/notifications. */
export function useSaveNotificationPreferences() {
  return useAdminMutation({
    call: (body: SaveNotificationPreferencesRequest, { api }) =>
      api.call('saveNotificationPreferences', { body }),
    invalidates: [PREFERENCES_KEY],
    success: 'Notification settings saved',
    failure: 'Failed to save the notification settings',
  });
}
