import type { PersonalDataExport } from '@msp/shared';
import type { Executor } from '../../db/knex.js';
import type { TeamInviteRow, TeamMemberRow, VerifiedVisitorRow } from '../../db/tables.js';

/** Who an accepted invite of an erased member says sent it: the colleague's submission keeps the fact. */
export const ERASED_INVITER = '(erased)';

type TeamData = Pick<PersonalDataExport, 'verifiedAt' | 'team' | 'teamInvitesReceived' | 'teamInvitesSent'>;

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

function toExported(row: TeamInviteRow): TeamData['teamInvitesSent'][number] {
  return {
    email: row.email,
    invitedBy: row.invited_by,
    domain: row.domain,
    role: row.role,
    createdAt: iso(row.created_at),
    sentAt: iso(row.sent_at),
    expiresAt: iso(row.expires_at),
    acceptedAt: isoOrNull(row.accepted_at),
    revokedAt: isoOrNull(row.revoked_at),
  };
}

/** What the teams keep about an address, for its personal-data export. */
export async function teamDataOf(db: Executor, email: string): Promise<TeamData> {
  const [verified, member, received, sent] = await Promise.all([
    db<VerifiedVisitorRow>('verified_visitors').where({ email }).first(),
    db<TeamMemberRow>('team_members').where({ email }).first(),
    db<TeamInviteRow>('team_invites').where({ email }).orderBy(['created_at', 'email']),
    db<TeamInviteRow>('team_invites').where({ invited_by: email }).orderBy(['created_at', 'email']),
  ]);
  return {
    verifiedAt: verified ? iso(verified.verified_at) : null,
    team: member ? { domain: member.domain, shares: member.shares, leftAt: isoOrNull(member.left_at) } : null,
    teamInvitesReceived: received.map(toExported),
    teamInvitesSent: sent.map(toExported),
  };
}

/**
 * Erases what the teams keep about an address: its verification, its choices, the invites it
 * received, and those it sent. An accepted invite it sent stays, its sender erased, so the
 * colleague's submission still says it came from an invite; the others go, and with them any
 * email still queued (its job finds no invite).
 */
export async function deleteTeamData(db: Executor, email: string): Promise<void> {
  await db('verified_visitors').where({ email }).delete();
  await db('team_members').where({ email }).delete();
  await db('team_invites').where({ email }).delete();
  await db('team_invites').where({ invited_by: email }).whereNull('accepted_at').delete();
  await db('team_invites').where({ invited_by: email }).update({ invited_by: ERASED_INVITER });
}
