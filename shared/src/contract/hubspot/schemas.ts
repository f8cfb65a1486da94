import { z } from 'zod';

/** A private app's token is about 45 characters; this leaves room for other token formats. */
export const HUBSPOT_TOKEN_MAX_LENGTH = 500;
/** HubSpot's internal property names are short identifiers; none comes near this. */
export const HUBSPOT_PROPERTY_NAME_MAX_LENGTH = 100;

/** What the connect form asks for: a private app's access token, as HubSpot shows it. */
export const ConnectHubSpotRequest = z.strictObject({
  accessToken: z
    .string({ error: "Paste the private app's access token" })
    .trim()
    .min(1, { error: "Paste the private app's access token" })
    .max(HUBSPOT_TOKEN_MAX_LENGTH, { error: `must be at most ${HUBSPOT_TOKEN_MAX_LENGTH} characters` })
    .regex(/^[\x21-\x7e]+$/, { error: 'must be the token as HubSpot shows it, without spaces' }),
});

/**
 * One field of the product a contact property can take: each demographic field (by identifier),
 * the overall level, each pillar's level (by pillar key), the source, the campaign, the lead
 * status and the link to the submission in the admin. `kind` says what its values are, so a
 * mapping to a property that cannot take them is refused before any sync fails on it.
 */
export const HubSpotProductField = z.object({
  /**
   * `overall_level`, `pillar:<key>`, `demographic:<identifier>`, `source`, `campaign`,
   * `lead_status` or `submission_link`.
   */
  key: z.string(),
  label: z.string(),
  /** level: 0 to 3; choice: one of `options`; number; text: anything. */
  kind: z.enum(['level', 'choice', 'number', 'text']),
  options: z.array(z.string()).nullable(),
});
export type HubSpotProductField = z.infer<typeof HubSpotProductField>;

/** How the latest sync of new submissions and status changes went; errors in HubSpot's words. */
export const HubSpotLastSync = z.object({
  at: z.string(),
  /** partial: HubSpot took the batch but refused some of its contacts. */
  outcome: z.enum(['succeeded', 'partial', 'failed']),
  /** Contacts sent in it. */
  contacts: z.number().int(),
  error: z.string().nullable(),
});
export type HubSpotLastSync = z.infer<typeof HubSpotLastSync>;

/** A sync of every submission an admin started: one at a time. */
export const HubSpotBackfill = z.object({
  /** running: under way or waiting to retry; failed: given up, with `error`. */
  state: z.enum(['running', 'finished', 'failed']),
  /** Submissions to go through, counted when it started. */
  total: z.number().int(),
  /** Submissions gone through, the skipped ones included. */
  done: z.number().int(),
  /** Submissions without an email address: HubSpot finds contacts by address, so these are left out. */
  skipped: z.number().int(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  error: z.string().nullable(),
});
export type HubSpotBackfill = z.infer<typeof HubSpotBackfill>;

/** The HubSpot connection as the admin sees it: never the token, only its last four characters. */
export const HubSpotStatus = z.object({
  connected: z.boolean(),
  tokenLastFour: z.string().nullable(),
  /** The HubSpot account's id, when the token could read it. */
  portalId: z.number().int().nullable(),
  connectedAt: z.string().nullable(),
  syncEnabled: z.boolean(),
  /** The product's fields, in the order the mapping lists them. */
  fields: z.array(HubSpotProductField),
  /** Product field key → HubSpot contact property name, for the mapped fields. */
  mapping: z.record(z.string(), z.string()),
  lastSync: HubSpotLastSync.nullable(),
  backfill: HubSpotBackfill.nullable(),
  /** Changes queued for the next sync. */
  pending: z.number().int(),
});
export type HubSpotStatus = z.infer<typeof HubSpotStatus>;

/** One contact property of the HubSpot account, built in or custom. */
export const HubSpotContactProperty = z.object({
  name: z.string(),
  label: z.string(),
  type: z.string(),
  fieldType: z.string(),
  groupName: z.string(),
  /** The values an enumeration offers; empty for other types. */
  options: z.array(z.string()),
});
export type HubSpotContactProperty = z.infer<typeof HubSpotContactProperty>;

export const HubSpotPropertyList = z.object({
  /** By label. */
  properties: z.array(HubSpotContactProperty),
  /** The group the product's own properties are created in. */
  productGroup: z.string(),
});
export type HubSpotPropertyList = z.infer<typeof HubSpotPropertyList>;

export const CreateHubSpotPropertiesResult = z.object({
  /** Property names made now. */
  created: z.array(z.string()),
  /** Property names that were there already (an earlier run), taken as they are. */
  existing: z.array(z.string()),
  status: HubSpotStatus,
});
export type CreateHubSpotPropertiesResult = z.infer<typeof CreateHubSpotPropertiesResult>;

const PropertyName = z
  .string({ error: "must be a HubSpot property's internal name" })
  .trim()
  .min(1, { error: "must be a HubSpot property's internal name" })
  .max(HUBSPOT_PROPERTY_NAME_MAX_LENGTH, {
    error: `must be at most ${HUBSPOT_PROPERTY_NAME_MAX_LENGTH} characters`,
  })
  .regex(/^[A-Za-z0-9_-]+$/, { error: "must be a HubSpot property's internal name" });

/** The whole mapping: each mapped product field with its property; a field left out is not sent. */
export const SaveHubSpotMappingRequest = z.strictObject({
  mapping: z.record(z.string().max(HUBSPOT_PROPERTY_NAME_MAX_LENGTH), PropertyName),
});

export const SetHubSpotSyncRequest = z.strictObject({
  enabled: z.boolean({ error: 'must be true or false' }),
});
