import { defineRoute } from '../route.js';
import { hubspotEndpoints } from './endpoints.js';
import {
  ConnectHubSpotRequest,
  CreateHubSpotPropertiesResult,
  HubSpotPropertyList,
  HubSpotStatus,
  SaveHubSpotMappingRequest,
  SetHubSpotSyncRequest,
} from './schemas.js';

/** Routes of the HubSpot panel on the Integrations screen. */
export const hubspotRoutes = {
  getHubSpot: defineRoute(hubspotEndpoints.getHubSpot, {
    summary:
      'The HubSpot connection (the token only by its last four characters), the field mapping, the sync switch and how the last sync went',
    response: HubSpotStatus,
  }),
  connectHubSpot: defineRoute(hubspotEndpoints.connectHubSpot, {
    summary:
      "Connects a HubSpot account with a private app's access token, checked by listing its contact properties; stored encrypted",
    body: ConnectHubSpotRequest,
    response: HubSpotStatus,
  }),
  disconnectHubSpot: defineRoute(hubspotEndpoints.disconnectHubSpot, {
    summary: 'Forgets the HubSpot token and mapping; nothing more is sent',
    response: HubSpotStatus,
  }),
  listHubSpotProperties: defineRoute(hubspotEndpoints.listHubSpotProperties, {
    summary: "The connected account's contact properties, for the mapping",
    response: HubSpotPropertyList,
  }),
  createHubSpotProperties: defineRoute(hubspotEndpoints.createHubSpotProperties, {
    summary:
      "Creates the product's property group and properties in HubSpot (levels, source, campaign, status, link) and maps them",
    response: CreateHubSpotPropertiesResult,
  }),
  saveHubSpotMapping: defineRoute(hubspotEndpoints.saveHubSpotMapping, {
    summary:
      'Replaces the field mapping; 400 naming the field for an unknown product field or a property HubSpot does not have',
    body: SaveHubSpotMappingRequest,
    response: HubSpotStatus,
  }),
  setHubSpotSync: defineRoute(hubspotEndpoints.setHubSpotSync, {
    summary: 'Turns the sync of new submissions and status changes on or off',
    body: SetHubSpotSyncRequest,
    response: HubSpotStatus,
  }),
  startHubSpotBackfill: defineRoute(hubspotEndpoints.startHubSpotBackfill, {
    summary: 'Starts sending every submission to HubSpot; 409 while one such sync is running',
    response: HubSpotStatus,
    successStatus: 202,
  }),
};
