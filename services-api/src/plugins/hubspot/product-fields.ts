import {
  MATURITY_LEVELS,
  type DemographicField,
  type HubSpotContactProperty,
  type HubSpotProductField,
  type Pillar,
} from '@msp/shared';

/** The keys of the product's fields that are not demographics or pillars. */
export const FIELD = {
  overallLevel: 'overall_level',
  source: 'source',
  campaign: 'campaign',
  leadStatus: 'lead_status',
  submissionLink: 'submission_link',
} as const;

const PILLAR_PREFIX = 'pillar:';
const DEMOGRAPHIC_PREFIX = 'demographic:';

export const pillarField = (pillarKey: string) => `${PILLAR_PREFIX}${pillarKey}`;
export const demographicField = (identifier: string) => `${DEMOGRAPHIC_PREFIX}${identifier}`;
/** The pillar key of a pillar's field, else null. */
export const pillarKeyOf = (field: string) =>
  field.startsWith(PILLAR_PREFIX) ? field.slice(PILLAR_PREFIX.length) : null;

/** A level as HubSpot gets it: its number, as text. */
export const LEVEL_VALUES = MATURITY_LEVELS.map((level) => String(level.level));

/**
 * The product's fields a contact property can take, in the order the mapping lists them: the
 * demographics as the visitor answers them (not the address, which is how contacts are found), the
 * levels, where the visitor came from, the lead's status and the submission's page in the admin.
 */
export function productFields(
  demographics: readonly DemographicField[],
  pillars: readonly Pillar[],
  statusNames: readonly string[],
): HubSpotProductField[] {
  const level = (key: string, label: string): HubSpotProductField => ({
    key,
    label,
    kind: 'level',
    options: LEVEL_VALUES,
  });
  const text = (key: string, label: string): HubSpotProductField => ({
    key,
    label,
    kind: 'text',
    options: null,
  });
  return [
    ...demographics
      .filter((field) => field.fieldType !== 'email')
      .map((field): HubSpotProductField => ({
        key: demographicField(field.identifier),
        label: field.label,
        kind: field.fieldType === 'number' ? 'number' : field.options?.length ? 'choice' : 'text',
        options: field.options?.length ? field.options : null,
      })),
    level(FIELD.overallLevel, 'Overall level'),
    ...pillars.map((pillar) => level(pillarField(pillar.key), `${pillar.name} level`)),
    text(FIELD.source, 'Source (utm_source)'),
    text(FIELD.campaign, 'Campaign (utm_campaign)'),
    { key: FIELD.leadStatus, label: 'Lead status', kind: 'choice', options: [...statusNames] },
    text(FIELD.submissionLink, 'Link to the submission'),
  ];
}

/** The property types each kind of field can be written to. */
const WRITABLE_TYPES: Record<HubSpotProductField['kind'], readonly string[]> = {
  level: ['enumeration', 'number', 'string'],
  choice: ['enumeration', 'string'],
  number: ['number', 'string'],
  text: ['string'],
};

/**
 * Why `property` cannot take `field`'s values, or null when it can: HubSpot refuses a whole batch
 * for one value a property cannot hold, so a mapping that would is refused when it is saved.
 */
export function mappingProblem(field: HubSpotProductField, property: HubSpotContactProperty): string | null {
  if (property.name === 'email') return 'is the address contacts are found by: it is always sent';
  if (property.fieldType.startsWith('calculation')) return `"${property.name}" is calculated by HubSpot`;
  if (!WRITABLE_TYPES[field.kind].includes(property.type)) {
    return `"${property.name}" is a ${property.type} property, which cannot hold this field's values`;
  }
  if (property.type === 'enumeration') {
    const missing = (field.options ?? []).filter((value) => !property.options.includes(value));
    if (missing.length > 0) {
      return `"${property.name}" offers no option for ${missing
        .slice(0, 3)
        .map((value) => `"${value}"`)
        .join(', ')}${missing.length > 3 ? ` and ${missing.length - 3} more` : ''}`;
    }
  }
  return null;
}

/** A submission as a contact is made from it (see `contact-reads.ts`). */
export interface ContactRow {
  id: string;
  email: string | null;
  /** submitted_at as PostgreSQL's text, for a walk's position. */
  walk_at: string;
  demographic_data: Record<string, string>;
  overall_level: number;
  utm_source: string | null;
  utm_campaign: string | null;
  lead_status: string;
  /** Each pillar's [key, level, percentage]. */
  pillar_cells: [string, number, number][] | null;
}

/** The submission's page in the admin. */
export function submissionLink(publicUrl: string, submissionId: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/admin/submissions?id=${encodeURIComponent(submissionId)}`;
}

/** A field's value for one submission, as HubSpot takes it (text); undefined when it has none. */
function valueOf(row: ContactRow, field: string, publicUrl: string): string | undefined {
  switch (field) {
    case FIELD.overallLevel:
      return String(row.overall_level);
    case FIELD.source:
      return row.utm_source ?? undefined;
    case FIELD.campaign:
      return row.utm_campaign ?? undefined;
    case FIELD.leadStatus:
      return row.lead_status;
    case FIELD.submissionLink:
      return submissionLink(publicUrl, row.id);
  }
  const key = pillarKeyOf(field);
  if (key !== null) {
    const cell = row.pillar_cells?.find(([pillarKey]) => pillarKey === key);
    return cell ? String(cell[1]) : undefined;
  }
  if (field.startsWith(DEMOGRAPHIC_PREFIX))
    return row.demographic_data[field.slice(DEMOGRAPHIC_PREFIX.length)];
  return undefined;
}

/** The contact properties of a submission: each mapped field it has a value for. */
export function contactProperties(
  row: ContactRow,
  mapping: Readonly<Record<string, string>>,
  publicUrl: string,
): Record<string, string> {
  const properties: Record<string, string> = {};
  for (const [field, property] of Object.entries(mapping)) {
    const value = valueOf(row, field, publicUrl);
    if (value !== undefined) properties[property] = value;
  }
  return properties;
}
