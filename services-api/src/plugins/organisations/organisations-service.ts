import type {
  Organisation,
  OrganisationList,
  organisationRoutes,
  OrganisationSort,
  ParsedQuery,
} from '@msp/shared';
import type { Knex } from 'knex';
import type { Executor } from '../../db/knex.js';
import type { OrganisationRow } from '../../db/tables.js';
import { likeContaining } from '../submissions/submission-filters.js';
import { paginationOf } from '../../domain/pagination.js';

/** The search and order of a list, its file and the key API's list. */
export type OrganisationFilter = Pick<
  ParsedQuery<typeof organisationRoutes.listOrganisations>,
  'search' | 'sort' | 'direction'
>;
export type OrganisationPageFilter = ParsedQuery<typeof organisationRoutes.listOrganisations>;

/**
 * The column (or, for the trend, the expression) each sort reads. Every column has an index with
 * the domain after it (the teams migration; the trend's, one per direction, its own migration), so
 * a page in either direction is an index scan.
 */
const SORT_EXPRESSIONS: Record<OrganisationSort, string> = {
  domain: 'o.domain',
  members: 'o.members',
  submissions: 'o.submissions',
  lastSubmittedAt: 'o.last_submitted_at',
  teamLevel: 'o.team_level',
  trend: '(o.team_average - o.previous_team_average)',
};

/** An organisation's trend: the change of its team average at its latest change, or null. */
export const TREND_SQL = SORT_EXPRESSIONS.trend;

/**
 * The order of a list: the sort, then the domain in the same direction as the tie-break, so the
 * (column, domain) index is read forwards or backwards. Organisations without a trend (one change
 * yet) come last either way: most of them have none, and a list of improvers must not start there.
 */
export function orderOf({ sort, direction }: OrganisationFilter): string {
  const nulls = sort === 'trend' ? ' NULLS LAST' : '';
  return `${SORT_EXPRESSIONS[sort]} ${direction}${nulls}, o.domain ${direction}`;
}

/** The organisations a search finds (the domain containing it, any case; domains are lower case). */
export function matchingOrganisations(db: Executor, filter: OrganisationFilter): Knex.QueryBuilder {
  const query = db('organisations as o');
  if (filter.search) query.where('o.domain', 'like', likeContaining(filter.search.toLowerCase()));
  return query;
}

/** A page of organisations in the filter's order, `limit` from `offset`. */
export function organisationRows(
  db: Executor,
  filter: OrganisationFilter,
  limit: number,
  offset: number,
): Promise<OrganisationRow[]> {
  return matchingOrganisations(db, filter)
    .select('o.*')
    .orderByRaw(orderOf(filter))
    .limit(limit)
    .offset(offset) as unknown as Promise<OrganisationRow[]>;
}

/**
 * How many of each domain's members proved their address, for the given domains only: a verified
 * visitor who never assessed is not a member. Read through verified_visitors' domain index and
 * the submissions' (email_domain, email) index.
 */
export async function verifiedMembersOf(
  db: Executor,
  domains: readonly string[],
): Promise<Map<string, number>> {
  if (domains.length === 0) return new Map();
  const rows = await db('verified_visitors as v')
    .whereIn('v.domain', domains)
    // Addresses are stored lower case, so the exact match reads the (email_domain, email) index;
    // rows stored before that was so are found lower-cased, only where the exact match found none.
    .where((member) =>
      member
        .whereExists((assessed) =>
          assessed
            .select(db.raw('1'))
            .from('submissions as s')
            .whereRaw('s.email_domain = v.domain')
            .whereRaw('s.email = v.email'),
        )
        .orWhereExists((assessed) =>
          assessed
            .select(db.raw('1'))
            .from('submissions as s')
            .whereRaw('s.email_domain = v.domain')
            .whereRaw('lower(s.email) = v.email'),
        ),
    )
    .groupBy('v.domain')
    .select<{ domain: string; count: string | number }[]>('v.domain', db.raw('count(*) AS count'));
  return new Map(rows.map((row) => [row.domain, Number(row.count)]));
}

const numberOrNull = (value: string | null) => (value === null ? null : Number(value));

/** An organisations row as the contract says it, with its verified members counted. */
export function toOrganisation(row: OrganisationRow, verifiedMembers: number): Organisation {
  const teamAverage = numberOrNull(row.team_average);
  const previous = numberOrNull(row.previous_team_average);
  return {
    domain: row.domain,
    members: row.members,
    verifiedMembers,
    submissions: row.submissions,
    firstSubmittedAt: new Date(row.first_submitted_at).toISOString(),
    lastSubmittedAt: new Date(row.last_submitted_at).toISOString(),
    teamLevel: numberOrNull(row.team_level),
    teamAverage,
    // Both have one decimal: rounding keeps a float's tail (57.3 − 53.1) out of the answer.
    trend: teamAverage === null || previous === null ? null : Math.round((teamAverage - previous) * 10) / 10,
  };
}

/** Rows as the contract says them, their verified members counted in one read. */
export async function withVerifiedMembers(
  db: Executor,
  rows: readonly OrganisationRow[],
): Promise<Organisation[]> {
  const verified = await verifiedMembersOf(
    db,
    rows.map((row) => row.domain),
  );
  return rows.map((row) => toOrganisation(row, verified.get(row.domain) ?? 0));
}

/**
 * One page of the organisations, counted exactly: one row per company domain is a table small
 * enough to count (100,000 rows in a few milliseconds from the primary key).
 */
export async function listOrganisations(
  db: Executor,
  filter: OrganisationPageFilter,
): Promise<OrganisationList> {
  const { page, pageSize } = filter;
  const [counted, rows] = await Promise.all([
    matchingOrganisations(db, filter).count<{ count: string | number }[]>({ count: '*' }),
    organisationRows(db, filter, pageSize, (page - 1) * pageSize),
  ]);
  const total = Number(counted[0]?.count ?? 0);
  return {
    organisations: await withVerifiedMembers(db, rows),
    pagination: paginationOf(filter, total),
  };
}
