import type { TeamMembership, TeamRoleChoice, TeamView } from '@msp/shared';
import type { Database, Executor } from '../../db/knex.js';
import type { TeamMemberRow } from '../../db/tables.js';
import { emailDomainOf, organisationDomain } from '../../domain/email-domains.js';
import {
  latestPerMember,
  MIN_TEAM_MEMBERS,
  roleFigures,
  teamFigures,
  teamHistory,
} from '../../domain/team-figures.js';
import type { ContentTexts } from '../languages/localize.js';
import { readOrganisationAssessments, type OrganisationAssessment } from './organisation-assessments.js';

/** The organisation of a verified address: its domain, or null for a personal (free-mail) one. */
export function organisationOf(email: string): string | null {
  return organisationDomain(emailDomainOf(email));
}

/** A person's team choices; nobody has shared or left until they say so. */
export async function membershipOf(db: Executor, email: string): Promise<TeamMembership> {
  const row = await db<TeamMemberRow>('team_members').where({ email }).first('shares', 'left_at');
  return { shares: row?.shares ?? false, left: Boolean(row?.left_at) };
}

/** Who a team counts, and who among them may be named or left it. */
export interface CountedTeam {
  /** Every assessment the figures count, oldest first. */
  counted: OrganisationAssessment[];
  /** Each counted member's latest. */
  latest: OrganisationAssessment[];
  /** Members who chose to show colleagues their name and levels (and have not left). */
  sharing: ReadonlySet<string>;
  left: ReadonlySet<string>;
}

/**
 * An organisation's assessments as its audience counts them: colleagues (the team view, the
 * members' report) leave out members who left the team; the operator counts everyone.
 */
export async function readTeam(
  db: Database,
  domain: string,
  texts: ContentTexts,
  audience: 'members' | 'operator',
): Promise<CountedTeam> {
  const [assessments, choices] = await Promise.all([
    readOrganisationAssessments(db, domain, texts),
    db<TeamMemberRow>('team_members').where({ domain }).select('email', 'shares', 'left_at'),
  ]);
  const left = new Set(choices.filter((c) => c.left_at).map((c) => c.email));
  const sharing = new Set(choices.filter((c) => c.shares && !c.left_at).map((c) => c.email));
  const counted = audience === 'members' ? assessments.filter((a) => !left.has(a.email)) : assessments;
  return { counted, latest: latestPerMember(counted), sharing, left };
}

/** A member as colleagues see them named: the name they gave, else their address's local part. */
export function memberName(member: Pick<OrganisationAssessment, 'name' | 'email'>): string {
  return member.name ?? member.email.slice(0, member.email.indexOf('@'));
}

/**
 * What a verified member sees of their team: the figures of every member's latest assessment
 * (members who left not counted), only once `MIN_TEAM_MEMBERS` have assessed, so no one's answers
 * can be worked out from them; names and levels only of members who chose to share. A member who
 * left, or an address at a personal domain, sees their own choices and no figures.
 */
export async function readTeamView(
  db: Database,
  email: string,
  texts: ContentTexts,
  roles: readonly TeamRoleChoice[],
): Promise<TeamView> {
  const domain = organisationOf(email);
  const membership = await membershipOf(db, email);
  const empty: TeamView = {
    email,
    domain,
    membership,
    assessed: 0,
    threshold: MIN_TEAM_MEMBERS,
    roles: [...roles],
    figures: null,
    byRole: [],
    history: [],
    sharedMembers: [],
  };
  if (!domain || membership.left) return empty;
  const { counted, latest, sharing } = await readTeam(db, domain, texts, 'members');
  const enough = latest.length >= MIN_TEAM_MEMBERS;
  return {
    ...empty,
    assessed: latest.length,
    figures: enough ? teamFigures(latest) : null,
    byRole: enough ? roleFigures(latest) : [],
    history: enough ? teamHistory(counted).filter((point) => point.members >= MIN_TEAM_MEMBERS) : [],
    sharedMembers: latest
      .filter((member) => sharing.has(member.email))
      .map((member) => ({
        name: memberName(member),
        role: member.role,
        submittedAt: member.submittedAt.toISOString(),
        overallLevel: member.overallLevel,
        pillars: member.pillars.map((p) => ({ pillarKey: p.key, level: p.level })),
        you: member.email === email,
      })),
  };
}

/** Shares or stops sharing, leaves or comes back; returns the choices as they now stand. */
export async function updateMembership(
  db: Executor,
  email: string,
  domain: string,
  change: { shares?: boolean | undefined; member?: boolean | undefined },
): Promise<TeamMembership> {
  const values = {
    ...(change.shares !== undefined && { shares: change.shares }),
    ...(change.member !== undefined && { left_at: change.member ? null : new Date() }),
  };
  const [row] = await db<TeamMemberRow>('team_members')
    .insert({ email, domain, shares: false, ...values })
    .onConflict('email')
    .merge({ ...values, domain, updated_at: new Date() })
    .returning(['shares', 'left_at']);
  return { shares: row!.shares, left: Boolean(row!.left_at) };
}
