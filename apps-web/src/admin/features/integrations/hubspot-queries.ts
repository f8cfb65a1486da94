import { Intent } from '@blueprintjs/core';
import { ApiError, type ApiClient, type HubSpotStatus } from '@msp/shared/browser';
import { queryOptions } from '@tanstack/react-query';
import { errorText } from '../../../lib/api-errors.js';
import { queryKey } from '../../../lib/query-keys.js';
import { useApi } from '../../../platform/platform-context.js';
import { useAdminQuery } from '../../api/admin-query.js';
import { useAdminMutation } from '../../api/use-admin-mutation.js';
import { INTEGRATIONS_KEY } from './queries.js';

export const HUBSPOT_KEY = queryKey('getHubSpot');
export const HUBSPOT_PROPERTIES_KEY = queryKey('listHubSpotProperties');

/** While a sync of every submission runs or changes wait to be sent, the panel follows them closely. */
const FOLLOW_MS = 2_000;
/** While sync is on, new leads may be sent at any time: the last sync's outcome is read now and then. */
const WATCH_MS = 15_000;

function refreshEvery(status: HubSpotStatus | undefined): number | false {
  if (status?.backfill?.state === 'running' || (status?.pending ?? 0) > 0) return FOLLOW_MS;
  return status?.syncEnabled ? WATCH_MS : false;
}

/** GET …/hubspot: the connection (never the token), the mapping and how the syncs went. */
export const hubspotQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: HUBSPOT_KEY,
    queryFn: ({ signal }) => api.call('getHubSpot', { signal }),
    refetchInterval: (query) => refreshEvery(query.state.data),
  });

export function useHubSpot() {
  return useAdminQuery(hubspotQuery(useApi()));
}

/** The connected account's contact properties; read only once it is connected. */
export function useHubSpotProperties(connected: boolean) {
  const api = useApi();
  return useAdminQuery({
    queryKey: HUBSPOT_PROPERTIES_KEY,
    queryFn: ({ signal }) => api.call('listHubSpotProperties', { signal }),
    enabled: connected,
  });
}

/**
 * What went wrong, in the server's words whatever the status: HubSpot's failures come back as a
 * 502 or 409 that carry HubSpot's own message, which the person needs to see.
 */
export function hubspotErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    try {
      const body = JSON.parse(error.body) as { message?: unknown };
      if (typeof body.message === 'string' && body.message) return body.message;
    } catch {
      // Not JSON: a proxy's page; its status says what can be said.
    }
  }
  return errorText(error);
}

/** Everything a change to the connection makes out of date, the failed deliveries included. */
const AFTER_CHANGE = [HUBSPOT_KEY, INTEGRATIONS_KEY] as const;

export function useConnectHubSpot() {
  return useAdminMutation({
    call: (accessToken: string, { api }) => api.call('connectHubSpot', { body: { accessToken } }),
    invalidates: [...AFTER_CHANGE, HUBSPOT_PROPERTIES_KEY],
    success: 'HubSpot connected',
    // The form shows why, at the token or above the button.
    failure: () => undefined,
  });
}

export function useDisconnectHubSpot() {
  return useAdminMutation({
    call: (_: void, { api }) => api.call('disconnectHubSpot'),
    invalidates: AFTER_CHANGE,
    success: 'HubSpot disconnected',
    failure: 'Failed to disconnect HubSpot',
  });
}

export function useCreateHubSpotProperties() {
  return useAdminMutation({
    call: (_: void, { api }) => api.call('createHubSpotProperties'),
    invalidates: [...AFTER_CHANGE, HUBSPOT_PROPERTIES_KEY],
    success: (result) => ({
      title: 'Properties ready in HubSpot',
      description:
        result.created.length > 0
          ? `${result.created.length} created and mapped.`
          : 'They were there already; mapped.',
      intent: Intent.SUCCESS,
    }),
    failure: () => undefined,
  });
}

export function useSaveHubSpotMapping() {
  return useAdminMutation({
    call: (mapping: Record<string, string>, { api }) => api.call('saveHubSpotMapping', { body: { mapping } }),
    invalidates: AFTER_CHANGE,
    success: 'Mapping saved',
    failure: () => undefined,
  });
}

export function useSetHubSpotSync() {
  return useAdminMutation({
    call: (enabled: boolean, { api }) => api.call('setHubSpotSync', { body: { enabled } }),
    invalidates: AFTER_CHANGE,
    success: (status) => (status.syncEnabled ? 'HubSpot sync on' : 'HubSpot sync off'),
    failure: 'Failed to change the HubSpot sync',
  });
}

export function useStartHubSpotBackfill() {
  return useAdminMutation({
    call: (_: void, { api }) => api.call('startHubSpotBackfill'),
    invalidates: AFTER_CHANGE,
    success: 'Sending every submission to HubSpot',
    failure: 'Failed to start the sync',
  });
}
