import type { MaturityLevel, OrganisationDetail, OrganisationMember } from '@msp/shared';
import type { Executor } from '../../db/knex.js';
import type { OrganisationRow, TeamMemberRow } from '../../db/tables.js';
import { NotFoundError } from '../../domain/errors.js';
import { isPersonalDomain } from '../../domain/email-domains.js';
import { latestPerMember, roleFigures, teamFigures, teamHistory } from '../../domain/team-figures.js';
import type { ContentTexts } from '../languages/localize.js';
import {
  ORGANISATION_ASSESSMENTS_MAX,
  readOrganisationAssessments,
  type OrganisationAssessment,
} from '../teams/organisation-assessments.js';
import { toOrganisation } from './organisations-service.js';
import { paginationOf } from '../../domain/pagination.js';

/** The operator reads the content as it is written: names in the default language. */
const DEFAULT_TEXTS: ContentTexts = { content: (_id, fallback) => fallback };

const NOT_AN_ORGANISATION = 'No organisation has this domain';

/**
 * The members: everyone who assessed from the domain, most recently assessed first, with their
 * assessments newest first, their name and role (from their latest), and their choices as a member.
 */
function membersOf(
  assessments: readonly OrganisationAssessment[],
  verified: ReadonlySet<string>,
  choices: ReadonlyMap<string, Pick<TeamMemberRow, 'shares' | 'left_at'>>,
): OrganisationMember[] {
  const byEmail = new Map<string, OrganisationAssessment[]>();
  // Oldest first as read: each list is reversed once, so its head is the latest.
  for (const assessment of assessments) {
    const list = byEmail.get(assessment.email);
    if (list) list.push(assessment);
    else byEmail.set(assessment.email, [assessment]);
  }
  const members = [...byEmail].map(([email, oldestFirst]) => {
    const newestFirst = [...oldestFirst].reverse();
    const choice = choices.get(email);
    return {
      latestAt: newestFirst[0]!.submittedAt.getTime(),
      member: {
        email,
        name: newestFirst[0]!.name,
        role: newestFirst[0]!.role,
        verified: verified.has(email),
        shares: choice?.shares ?? false,
        left: choice?.left_at != null,
        submissions: newestFirst.map((a) => ({
          submissionId: a.submissionId,
          submittedAt: a.submittedAt.toISOString(),
          overallLevel: a.overallLevel as MaturityLevel,
          cumulativeAverage: a.cumulativeAverage,
          fromInvite: a.fromInvite,
        })),
      },
    };
  });
  return members
    .sort((a, b) => b.latestAt - a.latestAt || a.member.email.localeCompare(b.member.email))
    .map((m) => m.member);
}

/**
 * An organisation as the operator sees it: every member named (no threshold: that protects
 * colleagues from each other, not from the operator), a page of them at a time, the spread of
 * their latest levels per pillar and per role, and its history. A personal domain is never one,
 * whatever its rows.
 */
export async function organisationDetail(
  db: Executor,
  domain: string,
  membersPage: { page: number; pageSize: number },
): Promise<OrganisationDetail> {
  if (isPersonalDomain(domain)) throw new NotFoundError(NOT_AN_ORGANISATION);
  const row = await db<OrganisationRow>('organisations').where({ domain }).first();
  if (!row) throw new NotFoundError(NOT_AN_ORGANISATION);
  const [assessments, verifiedRows, choiceRows] = await Promise.all([
    readOrganisationAssessments(db, domain, DEFAULT_TEXTS),
    db('verified_visitors').where({ domain }).select<{ email: string }[]>('email'),
    db<TeamMemberRow>('team_members').where({ domain }).select('email', 'shares', 'left_at'),
  ]);
  const verified = new Set(verifiedRows.map((v) => v.email.toLowerCase()));
  const choices = new Map(choiceRows.map((c) => [c.email.toLowerCase(), c]));
  const members = membersOf(assessments, verified, choices);
  const { page, pageSize } = membersPage;
  const latest = latestPerMember(assessments);
  return {
    organisation: toOrganisation(row, members.filter((m) => m.verified).length),
    members: members.slice((page - 1) * pageSize, page * pageSize),
    // Past the assessments read there are members the pages do not reach (the organisation's own
    // count has them all): "of more than".
    membersPagination: paginationOf(
      membersPage,
      members.length,
      assessments.length >= ORGANISATION_ASSESSMENTS_MAX,
    ),
    figures: teamFigures(latest),
    roles: roleFigures(latest),
    history: teamHistory(assessments),
  };
}
