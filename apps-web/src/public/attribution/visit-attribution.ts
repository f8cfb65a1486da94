import {
  ATTRIBUTION_PARAMS,
  ATTRIBUTION_VALUE_MAX_LENGTH,
  cleanAttributionValue,
  HOST_PATTERN,
  LANDING_PATH_MAX_LENGTH,
  REFERRER_HOST_MAX_LENGTH,
  type Attribution,
  type AttributionParam,
} from '@msp/shared/browser';

/** Session storage key of the visit's attribution: a visit is the tab's session, and no cookie. */
export const VISIT_ATTRIBUTION_KEY = 'msp-visit-attribution';

const CAMPAIGN_KEYS = Object.keys(ATTRIBUTION_PARAMS) as AttributionParam[];
/** The longest each value may be, as the server bounds it. */
const MAX_LENGTH: Record<keyof Attribution, number> = {
  ...(Object.fromEntries(CAMPAIGN_KEYS.map((key) => [key, ATTRIBUTION_VALUE_MAX_LENGTH])) as Record<
    AttributionParam,
    number
  >),
  referrer: REFERRER_HOST_MAX_LENGTH,
  landingPath: LANDING_PATH_MAX_LENGTH,
};

/** Where storage is refused (a private mode, a sandboxed frame), the visit lives as long as the page. */
let inMemory: Attribution | null = null;

function stored(): Attribution | null {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(VISIT_ATTRIBUTION_KEY) ?? 'null');
    if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      // A hand-edited or older value is not trusted: each entry is cleaned as if just read.
      return Object.fromEntries(
        Object.entries(MAX_LENGTH).map(([key, max]) => [
          key,
          typeof record[key] === 'string' ? cleanAttributionValue(record[key], max) : null,
        ]),
      ) as Attribution;
    }
    return null;
  } catch {
    // Storage refused or unparsable: fall back to this page's memory.
    return inMemory;
  }
}

function referrerHost(referrer: string, ownHost: string): string | null {
  let host: string;
  try {
    host = new URL(referrer).host.toLowerCase();
  } catch {
    return null;
  }
  // Our own pages refer to each other; only another site is a referrer.
  if (host === ownHost.toLowerCase()) return null;
  const clean = cleanAttributionValue(host, REFERRER_HOST_MAX_LENGTH);
  return clean && HOST_PATTERN.test(clean) ? clean : null;
}

/**
 * The visit's attribution as first seen, after adding what this page brings: the campaign
 * parameters (utm_*, ref) of the first address that carried any, the first other site that
 * referred (its host only, never the address) and the first path opened. Values are cleaned to
 * what the server accepts, so a hand-made address never makes the submission fail.
 */
export function visitAttribution(
  location: Pick<Location, 'search' | 'pathname' | 'host'> = window.location,
  referrer: string = document.referrer,
): Attribution {
  const params = new URLSearchParams(location.search);
  const campaign = Object.fromEntries(
    CAMPAIGN_KEYS.map((key) => [
      key,
      cleanAttributionValue(params.get(ATTRIBUTION_PARAMS[key]), ATTRIBUTION_VALUE_MAX_LENGTH),
    ]),
  ) as Pick<Attribution, AttributionParam>;
  const earlier = stored();
  const keptCampaign = earlier && CAMPAIGN_KEYS.some((key) => earlier[key] !== null);
  const attribution: Attribution = {
    ...(keptCampaign ? earlier : campaign),
    referrer: earlier?.referrer ?? referrerHost(referrer, location.host),
    landingPath: earlier?.landingPath ?? cleanAttributionValue(location.pathname, LANDING_PATH_MAX_LENGTH),
  };
  inMemory = attribution;
  try {
    sessionStorage.setItem(VISIT_ATTRIBUTION_KEY, JSON.stringify(attribution));
  } catch {
    // Kept in memory instead.
  }
  return attribution;
}
