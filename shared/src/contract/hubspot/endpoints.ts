import type { Endpoint } from '../access.js';

/**
 * HubSpot (issue 41): the connection to one HubSpot account by a private app's access token, the
 * mapping of the product's fields to its contact properties, the sync switch and a sync of every
 * submission, for admins on the Integrations screen.
 */
export const hubspotEndpoints = {
  getHubSpot: { method: 'GET', path: '/api/admin/integrations/hubspot', access: 'admin' },
  connectHubSpot: { method: 'PUT', path: '/api/admin/integrations/hubspot/connection', access: 'admin' },
  disconnectHubSpot: {
    method: 'DELETE',
    path: '/api/admin/integrations/hubspot/connection',
    access: 'admin',
  },
  listHubSpotProperties: {
    method: 'GET',
    path: '/api/admin/integrations/hubspot/properties',
    access: 'admin',
  },
  createHubSpotProperties: {
    method: 'POST',
    path: '/api/admin/integrations/hubspot/properties',
    access: 'admin',
  },
  saveHubSpotMapping: { method: 'PUT', path: '/api/admin/integrations/hubspot/mapping', access: 'admin' },
  setHubSpotSync: { method: 'PUT', path: '/api/admin/integrations/hubspot/sync', access: 'admin' },
  startHubSpotBackfill: { method: 'POST', path: '/api/admin/integrations/hubspot/backfill', access: 'admin' },
} as const satisfies Record<string, Endpoint>;
