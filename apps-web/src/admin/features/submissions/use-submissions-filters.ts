import { useEffect, useState } from 'react';
import { useDebouncedValue } from '../../lib/use-debounced-value.js';
import { pageParam, useUrlParams } from '../../lib/use-url-params.js';
import { languageLabel } from '../../lib/languages.js';
import { NEXT_STEP_FILTERS, type NextStepFilter } from './lead-text.js';

const SEARCH_DELAY_MS = 300;

/** The exact attribution values the list (and its export) can be narrowed to, in screen order. */
export const ATTRIBUTION_FILTERS = [
  { name: 'source', label: 'Source', placeholder: 'utm_source', said: 'source' },
  { name: 'medium', label: 'Medium', placeholder: 'utm_medium', said: 'medium' },
  { name: 'campaign', label: 'Campaign', placeholder: 'utm_campaign', said: 'campaign' },
  { name: 'ref', label: 'Referral code', placeholder: 'ref', said: 'referral code' },
] as const;
export type AttributionFilterName = (typeof ATTRIBUTION_FILTERS)[number]['name'];
/** Each attribution filter's value; empty for every value. */
export type AttributionValues = Record<AttributionFilterName, string>;

/** What the list is narrowed to: the search text, the exact attribution values and the language. */
export interface SubmissionsFilter extends AttributionValues {
  search: string;
  /** The tag of the language the submissions were taken in; empty for every language. */
  language: string;
  /** first: first assessments; returning: later ones by the same person; empty or absent for all. */
  visits?: VisitsFilter;
  /** The lead desk's filters; absent or empty for all. */
  lead?: LeadFilter;
}

/** The list narrowed by the lead desk: a status (id), an owner (id, or none), a next-step window; and its order. */
export interface LeadFilter {
  status: string;
  owner: string;
  nextStep: NextStepFilter;
  sort: '' | 'nextStep';
}

export const NO_LEAD_FILTER: LeadFilter = { status: '', owner: '', nextStep: '', sort: '' };

function nextStepOf(value: string | null): NextStepFilter {
  return NEXT_STEP_FILTERS.find((filter) => filter.value === value)?.value ?? '';
}

function narrowedByLead(lead: LeadFilter | undefined): boolean {
  return Boolean(lead && (lead.status || lead.owner || lead.nextStep));
}

/** Whom the list shows: everyone, first-time visitors or returning ones. */
export type VisitsFilter = '' | 'first' | 'returning';

function visitsOf(value: string | null): VisitsFilter {
  return value === 'first' || value === 'returning' ? value : '';
}

/** The attribution values given, as a query: the empty ones left out. */
export function attributionQuery(values: AttributionValues): Partial<AttributionValues> {
  return Object.fromEntries(
    ATTRIBUTION_FILTERS.flatMap(({ name }) => (values[name] ? [[name, values[name]]] : [])),
  );
}

/** "source “linkedin” and referral code “acme”": the attribution values given, or '' for none. */
export function attributionText(values: AttributionValues): string {
  return ATTRIBUTION_FILTERS.flatMap(({ name, said }) =>
    values[name] ? [`${said} “${values[name]}”`] : [],
  ).join(' and ');
}

/** Why an empty list is empty, for a list narrowed by attribution or language (and perhaps a search). */
export function noMatchDescription(filter: SubmissionsFilter): string {
  const matching =
    (filter.search ? ` with a name, email or company matching “${filter.search}”` : '') +
    (filter.visits === 'first'
      ? ' from a first-time visitor'
      : filter.visits === 'returning'
        ? ' from a returning visitor'
        : '');
  if (narrowedByLead(filter.lead)) return 'No submission has this status, owner and next step.';
  if (!filter.language && !narrowedByAttribution(filter)) return `No submission${matching}.`;
  const cameFrom = attributionText(filter);
  if (!filter.language) return `No submission came from ${cameFrom}${matching}.`;
  const language = languageLabel(filter.language);
  return cameFrom
    ? `No submission taken in ${language} came from ${cameFrom}${matching}.`
    : `No submission was taken in ${language}${matching}.`;
}

function narrowedByAttribution(filter: AttributionValues): boolean {
  return ATTRIBUTION_FILTERS.some(({ name }) => filter[name] !== '');
}

/** Whether the list is narrowed by attribution, language or visits (the search aside). */
export function narrowedByFilters(filter: Omit<SubmissionsFilter, 'search'>): boolean {
  return (
    Boolean(filter.language) ||
    Boolean(filter.visits) ||
    narrowedByAttribution(filter) ||
    narrowedByLead(filter.lead)
  );
}

/** What the total beside the title counts, for a screen reader. */
export function totalLabel(total: number, narrowed: boolean): string {
  if (narrowed) return total === 1 ? ' matching submission' : ' matching submissions';
  return total === 1 ? ' submission' : ' submissions';
}

const count = new Intl.NumberFormat('en-US');

/**
 * The total as the screen shows it: "1,234", or "more than 10,000" when the server stopped
 * counting a search's matches there.
 */
export function totalText({ total, totalCapped }: { total: number; totalCapped: boolean }): string {
  return totalCapped ? `more than ${count.format(total)}` : count.format(total);
}

/**
 * A text box whose settled value (after a pause in typing) replaces a parameter of the screen's
 * URL and starts at the first page; typing adds no history entries.
 */
function useSettledText(current: string, settle: (value: string) => void) {
  const [text, setText] = useState(current);
  const settled = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  useEffect(() => {
    if (settled !== current) settle(settled);
    // Only the settled text changes the URL; the URL's own changes must not loop back here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);
  return [text, setText] as const;
}

/**
 * The screen's place, kept in the URL (?page=2&search=acme&source=…&language=de&id=…) so Back and links
 * restore it, with the text boxes that change it once typing pauses.
 */
export function useSubmissionsFilters() {
  const { params, update } = useUrlParams();
  const page = pageParam(params);
  const search = params.get('search') ?? '';
  const selectedId = params.get('id');
  const attribution: AttributionValues = {
    source: params.get('source') ?? '',
    medium: params.get('medium') ?? '',
    campaign: params.get('campaign') ?? '',
    ref: params.get('ref') ?? '',
  };
  const language = params.get('language') ?? '';
  // A chosen language is one change: it replaces the parameter at once, from the first page.
  const setLanguage = (tag: string) => update({ language: tag || null, page: null }, true);
  const visits = visitsOf(params.get('visits'));
  const setVisits = (value: VisitsFilter) => update({ visits: value || null, page: null }, true);
  const lead: LeadFilter = {
    status: params.get('status') ?? '',
    owner: params.get('owner') ?? '',
    nextStep: nextStepOf(params.get('nextStep')),
    sort: params.get('sort') === 'nextStep' ? 'nextStep' : '',
  };
  // Each is one choice: it replaces its parameter at once, from the first page.
  const setLead = (name: keyof LeadFilter, value: string) =>
    update({ [name]: value || null, page: null }, true);

  // A new search or attribution value starts at its first page.
  const settle = (name: string) => (value: string) => update({ [name]: value, page: null }, true);
  const [term, setTerm] = useSettledText(search, settle('search'));
  // One text box each, always the same four, so the hooks run in the same order every render.
  const boxes: Record<AttributionFilterName, readonly [string, (value: string) => void]> = {
    source: useSettledText(attribution.source, settle('source')),
    medium: useSettledText(attribution.medium, settle('medium')),
    campaign: useSettledText(attribution.campaign, settle('campaign')),
    ref: useSettledText(attribution.ref, settle('ref')),
  };
  const filtered = narrowedByFilters({ ...attribution, language, visits, lead });
  const clearFilters = () => {
    for (const [, setText] of Object.values(boxes)) setText('');
    if (language || visits || narrowedByLead(lead)) {
      update({ language: null, visits: null, status: null, owner: null, nextStep: null, page: null }, true);
    }
  };

  return {
    page,
    search,
    attribution,
    language,
    setLanguage,
    visits,
    setVisits,
    lead,
    setLead,
    selectedId,
    update,
    term,
    setTerm,
    boxes,
    filtered,
    clearFilters,
  };
}
