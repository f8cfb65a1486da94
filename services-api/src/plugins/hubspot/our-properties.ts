import {
  levelLabel,
  MATURITY_LEVELS,
  type HubSpotContactProperty,
  type HubSpotProductField,
} from '@msp/shared';
import type { HubSpotClient, HubSpotProperty, NewProperty } from './hubspot-client.js';
import { patiently } from './patiently.js';
import { demographicField, FIELD, mappingProblem, pillarKeyOf } from './product-fields.js';

/** The property group the product's own contact properties are created in. */
export const PRODUCT_GROUP = 'msp_maturity_assessment';

/** A level's options: its number as the value (what the sync sends), "Level 2: Advanced" as the label. */
const LEVEL_OPTIONS = MATURITY_LEVELS.map((level) => ({
  label: levelLabel(level.level),
  value: String(level.level),
  displayOrder: level.level,
}));

/** HubSpot's internal names: lower-case letters, digits and underscores. */
function nameFrom(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 60);
}

/**
 * The product's own property for each field that has no HubSpot equivalent: the levels (a select
 * of the four levels, so HubSpot lists and filters by them), the source, the campaign, the lead
 * status (text: the statuses are renamed in the admin, and a select's options would fall behind)
 * and the link to the submission. The demographics map to the account's own properties.
 */
export function ourProperties(
  fields: readonly HubSpotProductField[],
): { field: string; property: NewProperty }[] {
  const text = (name: string, label: string, description: string): NewProperty => ({
    name,
    label,
    type: 'string',
    fieldType: 'text',
    groupName: PRODUCT_GROUP,
    description,
  });
  return fields.flatMap((field): { field: string; property: NewProperty }[] => {
    if (field.kind === 'level') {
      const pillarKey = pillarKeyOf(field.key);
      const name = pillarKey === null ? 'msp_overall_level' : `msp_${nameFrom(pillarKey)}_level`;
      return [
        {
          field: field.key,
          property: {
            name,
            label: pillarKey === null ? 'Overall maturity level' : field.label,
            type: 'enumeration',
            fieldType: 'select',
            groupName: PRODUCT_GROUP,
            description: 'From the latest automation maturity assessment',
            options: LEVEL_OPTIONS,
          },
        },
      ];
    }
    const own: Partial<Record<string, NewProperty>> = {
      [FIELD.source]: text('msp_source', 'Assessment source', 'utm_source of the visit that took it'),
      [FIELD.campaign]: text('msp_campaign', 'Assessment campaign', 'utm_campaign of the visit that took it'),
      [FIELD.leadStatus]: text(
        'msp_lead_status',
        'Lead status (assessment)',
        'As the team set it in the admin',
      ),
      [FIELD.submissionLink]: text(
        'msp_submission_link',
        'Assessment in the admin',
        'The submission, for the team to open',
      ),
    };
    const property = own[field.key];
    return property ? [{ field: field.key, property }] : [];
  });
}

export interface CreatedProperties {
  created: string[];
  existing: string[];
  /** Each field with the property made (or found) for it. */
  mapping: Record<string, string>;
}

/**
 * Creates the group and the properties; the ones already there (an earlier run) are kept as they
 * are, so it can run again. One request each, through the client's limiter.
 */
export async function createOurProperties(
  client: HubSpotClient,
  fields: readonly HubSpotProductField[],
  groupLabel: string,
  signal?: AbortSignal,
): Promise<CreatedProperties> {
  await patiently(() =>
    client.createContactPropertyGroup(
      { name: PRODUCT_GROUP, label: groupLabel, displayOrder: -1 },
      { signal },
    ),
  );
  const result: CreatedProperties = { created: [], existing: [], mapping: {} };
  for (const { field, property } of ourProperties(fields)) {
    const outcome = await patiently(() => client.createContactProperty(property, { signal }));
    result[outcome === 'created' ? 'created' : 'existing'].push(property.name);
    result.mapping[field] = property.name;
  }
  return result;
}

/** The account's properties every HubSpot account has, for the demographics that mean the same. */
const BUILT_IN_EQUIVALENTS: Record<string, string> = {
  first_name: 'firstname',
  last_name: 'lastname',
  company: 'company',
  job_title: 'jobtitle',
  role: 'jobtitle',
  phone: 'phone',
  country: 'country',
};

/** Contact properties as the contract lists them: an enumeration's values only. */
export function contactPropertyOf(property: HubSpotProperty): HubSpotContactProperty {
  return {
    name: property.name,
    label: property.label,
    type: property.type,
    fieldType: property.fieldType,
    groupName: property.groupName,
    options: property.options?.map((option) => option.value) ?? [],
  };
}

/**
 * The demographics the account has a built-in property for (first name to `firstname`…), where
 * the property can take the field's values and neither is mapped yet.
 */
export function builtInMatches(
  fields: readonly HubSpotProductField[],
  properties: readonly HubSpotContactProperty[],
  mapping: Readonly<Record<string, string>>,
): Record<string, string> {
  const taken = new Set(Object.values(mapping));
  const byName = new Map(properties.map((property) => [property.name, property]));
  const matches: Record<string, string> = {};
  for (const [identifier, name] of Object.entries(BUILT_IN_EQUIVALENTS)) {
    const field = fields.find((candidate) => candidate.key === demographicField(identifier));
    const property = byName.get(name);
    if (!field || !property || mapping[field.key] || taken.has(name)) continue;
    if (mappingProblem(field, property) !== null) continue;
    matches[field.key] = name;
    taken.add(name);
  }
  return matches;
}
