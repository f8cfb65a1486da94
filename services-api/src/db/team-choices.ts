import type { Knex } from 'knex';

/** A company address's choice at submit: whether colleagues may see its name and levels. */
export interface TeamMemberChoice {
  email: string;
  domain: string;
  shares: boolean;
}

/**
 * The invite id a submission may keep: the one named, only where it was sent to the submitting
 * address and accepted (null otherwise), so no one claims another's invite. A subquery of the
 * submit's own statement.
 */
export function ownAcceptedInvite(db: Knex, inviteId: string, email: string): Knex.Raw {
  return db.raw(
    '(SELECT i.id FROM team_invites i WHERE i.id = ?::uuid AND i.email = ? AND i.accepted_at IS NOT NULL)',
    [inviteId, email],
  );
}

/**
 * The upsert of the submitters' team choices, for the submit's statement; null when none was
 * asked. The latest choice stands; having left the team view is kept (coming back is its own step).
 */
export function teamMemberChoices(
  db: Knex,
  prepared: readonly { teamMember: TeamMemberChoice | null }[],
): Knex.QueryBuilder | null {
  const byEmail = new Map<string, TeamMemberChoice>();
  for (const { teamMember } of prepared) if (teamMember) byEmail.set(teamMember.email, teamMember);
  if (byEmail.size === 0) return null;
  return db('team_members')
    .insert([...byEmail.values()].map((c) => ({ email: c.email, domain: c.domain, shares: c.shares })))
    .onConflict('email')
    .merge({ shares: db.raw('excluded.shares'), domain: db.raw('excluded.domain'), updated_at: db.fn.now() });
}
