import type { AttributionFilterName, ParsedQuery, submissionRoutes } from '@msp/shared';
import type { Knex } from 'knex';
import { dayAfter } from '../../domain/days.js';

/**
 * Which submissions a list shows: the admin's search box and range, and the key-based API's exact
 * email and domain too.
 */
export type SubmissionListFilter = ParsedQuery<typeof submissionRoutes.listSubmissions> & {
  /** The whole submitter email, lower case. */
  email?: string | undefined;
  /** The submitter's email domain, lower case. */
  domain?: string | undefined;
};

/** Where a submission came from, as each attribution filter names it: its column. */
const ATTRIBUTION_COLUMNS: Readonly<Record<AttributionFilterName, string>> = {
  source: 's.utm_source',
  medium: 's.utm_medium',
  campaign: 's.utm_campaign',
  ref: 's.ref_code',
};

type AttributionFilter = Partial<Record<AttributionFilterName, string | undefined>>;

/**
 * Restricts a query on `submissions as s` to exact attribution values. Each column is indexed with
 * the list's order, so a filtered page reads only its own rows.
 */
function withinAttribution(builder: Knex.QueryBuilder, filter: AttributionFilter): void {
  for (const [name, column] of Object.entries(ATTRIBUTION_COLUMNS)) {
    const value = filter[name as AttributionFilterName];
    if (value) builder.where(column, value);
  }
}

/**
 * Which submissions an export holds: one domain or all, some submitters or all, exact attribution
 * values, a range of days.
 */
export interface ExportedSubmissions extends AttributionFilter {
  domain?: string | undefined;
  /** The language the submissions were taken in (a tag as the language list writes it). */
  language?: string | undefined;
  submitterEmails: readonly string[];
  startDate?: string | undefined;
  endDate?: string | undefined;
}

/** `text` matched literally inside a LIKE pattern: its wildcards and the escape character escaped. */
export function likeContaining(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Restricts a query on `submissions as s` to a date range (both days included, in UTC). */
export function withinDays(
  builder: Knex.QueryBuilder,
  range: { startDate?: string | undefined; endDate?: string | undefined },
): void {
  if (range.startDate) builder.where('s.submitted_at', '>=', `${range.startDate}T00:00:00Z`);
  if (range.endDate) builder.where('s.submitted_at', '<', dayAfter(range.endDate));
}

/**
 * Restricts a query on `submissions as s` to one language. Languages other than English are
 * indexed with the list's order; English is most submissions, found at once in the list's order.
 */
function withinLanguage(builder: Knex.QueryBuilder, language: string | undefined): void {
  if (language) builder.where('s.language', language);
}

/** Whether a list filter narrows the list at all (else the count comes from the aggregates). */
export function narrowsList(filter: SubmissionListFilter): boolean {
  return Boolean(
    filter.search ||
    filter.email ||
    filter.domain ||
    filter.source ||
    filter.medium ||
    filter.campaign ||
    filter.ref ||
    filter.language ||
    filter.visits ||
    filter.status !== undefined ||
    filter.owner !== undefined ||
    filter.nextStepStartDate ||
    filter.nextStepEndDate ||
    filter.startDate ||
    filter.endDate,
  );
}

/** Restricts a query on `submissions as s` to the submissions a list shows. */
export function listFilter(filter: SubmissionListFilter) {
  return (builder: Knex.QueryBuilder) => {
    // search_text is already lower case; the trigram index answers the LIKE.
    if (filter.search) builder.where('s.search_text', 'like', likeContaining(filter.search.toLowerCase()));
    // Both columns are indexed with the domain first: an exact match reads only its own rows.
    if (filter.email) builder.where('s.email', filter.email);
    if (filter.domain) builder.where('s.email_domain', filter.domain);
    withinAttribution(builder, filter);
    withinLanguage(builder, filter.language);
    withinVisits(builder, filter.visits);
    withinLead(builder, filter);
    withinDays(builder, filter);
  };
}

/**
 * Restricts a query on `submissions as s` to a status, an owner (or none), and next steps within
 * a range of days. Status and owner lead `submissions_lead_index`; an owner (or nobody) or a
 * next-step range alone has its own index.
 */
function withinLead(
  builder: Knex.QueryBuilder,
  filter: Pick<SubmissionListFilter, 'status' | 'owner' | 'nextStepStartDate' | 'nextStepEndDate'>,
): void {
  if (filter.status !== undefined) builder.where('s.lead_status_id', filter.status);
  if (filter.owner === 'none') builder.whereNull('s.lead_owner_id');
  else if (filter.owner !== undefined) builder.where('s.lead_owner_id', filter.owner);
  if (filter.nextStepStartDate) builder.where('s.next_step_on', '>=', filter.nextStepStartDate);
  if (filter.nextStepEndDate) builder.where('s.next_step_on', '<=', filter.nextStepEndDate);
}

/**
 * Restricts a query on `submissions as s` to first assessments, or to returning people's later ones:
 * the flag the database keeps on each submission (see the returning_flag migration).
 */
function withinVisits(builder: Knex.QueryBuilder, visits: 'first' | 'returning' | undefined): void {
  if (visits) builder.where('s.is_returning', visits === 'returning');
}

/** Restricts a query on `submissions as s` to the submissions an export holds. */
export function exportFilter(filter: ExportedSubmissions) {
  return (builder: Knex.QueryBuilder) => {
    if (filter.domain !== undefined) builder.where('s.email_domain', filter.domain);
    if (filter.submitterEmails.length > 0) builder.whereIn('s.email', filter.submitterEmails);
    withinAttribution(builder, filter);
    withinLanguage(builder, filter.language);
    withinDays(builder, filter);
  };
}
