import { z } from 'zod';
import { MaturityLevelNumber, TeamFigures, TeamHistoryPoint, TeamRoleFigures } from '../common.js';
import { EXPORT_FORMATS, Pagination, PageFields, SUBMISSIONS_PAGE_SIZE_MAX } from '../submissions/schemas.js';

/** What the organisations list sorts by; each but trend reads its own index. */
export const ORGANISATION_SORTS = [
  'domain',
  'members',
  'submissions',
  'lastSubmittedAt',
  'teamLevel',
  'trend',
] as const;
export type OrganisationSort = (typeof ORGANISATION_SORTS)[number];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

const DOMAIN_MAX_LENGTH = 255;

/** The list's search, sort and direction: the page's, the file's and the key API's alike. */
const OrganisationFilters = {
  search: z
    .string()
    .trim()
    .toLowerCase()
    .max(DOMAIN_MAX_LENGTH, { error: `must be at most ${DOMAIN_MAX_LENGTH} characters` })
    .optional()
    .meta({ description: 'Text found in the domain (any case)' }),
  sort: z
    .enum(ORGANISATION_SORTS, { error: `must be one of ${ORGANISATION_SORTS.join(', ')}` })
    .default('lastSubmittedAt')
    .meta({ description: 'What to sort by; ties are broken by the domain' }),
  direction: z
    .enum(SORT_DIRECTIONS, { error: 'must be asc or desc' })
    .default('desc')
    .meta({ description: 'asc or desc; an organisation without a trend comes last either way' }),
};

/** A page of the organisations, most recently active first unless sorted otherwise. */
export const OrganisationListQuery = z.strictObject({
  page: PageFields.page,
  pageSize: PageFields.pageSize.meta({
    description: 'Organisations per page',
    maximum: SUBMISSIONS_PAGE_SIZE_MAX,
  }),
  ...OrganisationFilters,
});
export type OrganisationListQuery = z.input<typeof OrganisationListQuery>;

/** Every organisation the search finds, as a CSV or XLSX file, in the list's order. */
export const OrganisationExportQuery = z.strictObject({
  format: z.enum(EXPORT_FORMATS, { error: 'must be csv or xlsx' }).default('csv'),
  ...OrganisationFilters,
});
export type OrganisationExportQuery = z.input<typeof OrganisationExportQuery>;

const DOMAIN_MISSING = 'must name an email domain, e.g. example.com';

export const OrganisationDomainParams = z.object({
  domain: z
    .string({ error: DOMAIN_MISSING })
    .trim()
    .toLowerCase()
    .min(1, { error: DOMAIN_MISSING })
    .max(DOMAIN_MAX_LENGTH, { error: `must be at most ${DOMAIN_MAX_LENGTH} characters` }),
});

/** A company email domain whose people have assessed, with its figures as the database keeps them. */
export const Organisation = z.object({
  domain: z.string().meta({ description: 'The email domain, lower case' }),
  members: z.number().int().meta({ description: 'People (email addresses) who assessed' }),
  verifiedMembers: z.number().int().meta({
    description: 'Of the members, those who proved the address is theirs (a sign-in link or a team invite)',
  }),
  submissions: z.number().int(),
  firstSubmittedAt: z.string().meta({ description: 'ISO 8601 UTC' }),
  lastSubmittedAt: z.string().meta({ description: 'ISO 8601 UTC' }),
  teamLevel: z
    .number()
    .nullable()
    .meta({ description: "The mean of each member's latest overall level, 0-3, one decimal" }),
  teamAverage: z
    .number()
    .nullable()
    .meta({ description: "The mean of each member's latest average score, 0-100, one decimal" }),
  trend: z.number().nullable().meta({
    description: 'How the team average moved at its latest change, in points; null until it has changed once',
  }),
});
export type Organisation = z.infer<typeof Organisation>;

export const OrganisationList = z.object({
  organisations: z.array(Organisation),
  pagination: Pagination,
});
export type OrganisationList = z.infer<typeof OrganisationList>;

export const OrganisationMemberSubmission = z.object({
  submissionId: z.uuid(),
  submittedAt: z.string(),
  overallLevel: MaturityLevelNumber,
  cumulativeAverage: z.number().meta({ description: 'The average score, 0-100, one decimal' }),
  fromInvite: z.boolean().meta({ description: "Whether it was made from a colleague's team invite" }),
});

export const OrganisationMember = z.object({
  email: z.string(),
  name: z
    .string()
    .nullable()
    .meta({ description: 'First and last name as given in their latest assessment' }),
  role: z
    .string()
    .nullable()
    .meta({ description: 'Their answer to the "role" field in their latest assessment' }),
  verified: z.boolean().meta({ description: 'Whether they proved the address is theirs' }),
  shares: z.boolean().meta({ description: 'Whether they let colleagues see their name and levels' }),
  left: z.boolean().meta({ description: 'Whether they left the team view' }),
  submissions: z.array(OrganisationMemberSubmission).meta({ description: 'Newest first' }),
});
export type OrganisationMember = z.infer<typeof OrganisationMember>;

/**
 * Which of an organisation's members its detail lists: a page of them, most recently assessed
 * first. A group of thousands of members would otherwise answer every one with every assessment.
 */
export const OrganisationDetailQuery = z.strictObject({
  page: PageFields.page.meta({ description: "Page of the organisation's members, from 1" }),
  pageSize: PageFields.pageSize.meta({
    description: 'Members per page',
    maximum: SUBMISSIONS_PAGE_SIZE_MAX,
  }),
});
export type OrganisationDetailQuery = z.input<typeof OrganisationDetailQuery>;

/** An organisation with its members a page at a time, their assessments, the spread per pillar and its history. */
export const OrganisationDetail = z.object({
  organisation: Organisation,
  members: z
    .array(OrganisationMember)
    .meta({ description: 'A page of the members (see membersPagination), most recently assessed first' }),
  membersPagination: Pagination.meta({
    description: 'Which page of the members this is; the figures count every member',
  }),
  figures: TeamFigures.nullable().meta({
    description: "The figures of each member's latest assessment; null when none has an address",
  }),
  roles: z
    .array(TeamRoleFigures)
    .meta({ description: 'The figures of each role at least two members share, largest first' }),
  history: z.array(TeamHistoryPoint).meta({
    description:
      "For each month someone assessed, the figures of every member's latest assessment at its end",
  }),
});
export type OrganisationDetail = z.infer<typeof OrganisationDetail>;
