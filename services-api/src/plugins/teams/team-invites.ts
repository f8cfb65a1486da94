import { randomBytes } from 'node:crypto';
import {
  TEAM_INVITE_TTL_DAYS,
  type NewTeamInvites,
  type TeamInvite,
  type DemographicField,
  type TeamInviteAccepted,
  type TeamRoleChoice,
  unitIds,
} from '@msp/shared';
import type { Database, Executor } from '../../db/knex.js';
import type { SubmissionRow, TeamInviteRow } from '../../db/tables.js';
import { assertNoIssues, NotFoundError, type FieldIssue } from '../../domain/errors.js';
import { emailDomainOf } from '../../domain/email-domains.js';
import { hashToken } from '../../domain/tokens.js';
import { jobRow, type NewJob } from '../../jobs/job-store.js';
import { markVerified } from '../../db/verified-visitors.js';
import { submissionsOfEmail } from '../submissions/submission-reads.js';
import type { ContentTexts } from '../languages/localize.js';

export const TEAM_INVITE_TTL_MS = TEAM_INVITE_TTL_DAYS * 24 * 60 * 60 * 1000;
const RETRY_DELAYS_MS = [30_000, 2 * 60_000, 10 * 60_000] as const;

/** The answers about the company an invited colleague's assessment starts from: not the person's. */
export const COMPANY_FIELDS = ['company', 'employee_count', 'managed_companies'] as const;
/** The demographic field whose answer is a member's role in the team. */
export const ROLE_FIELD = 'role';

/** The roles an invite may name: the role question's answers, none where there is no such question. */
export function roleOptionsOf(fields: readonly Pick<DemographicField, 'identifier' | 'options'>[]): string[] {
  return fields.find((field) => field.identifier === ROLE_FIELD)?.options ?? [];
}

/**
 * The role question's answers, each with its text in `texts`' language: answers and invites store
 * the default language's text, which a German member should not read in English.
 */
export function roleChoicesOf(
  fields: readonly Pick<DemographicField, 'identifier' | 'options'>[],
  texts: Pick<ContentTexts, 'content'>,
): TeamRoleChoice[] {
  return roleOptionsOf(fields).map((value, index) => ({
    value,
    label: texts.content(unitIds.fieldOption(ROLE_FIELD, index + 1), value),
  }));
}

/** A random token for an invite link: 256 bits, URL-safe; only its hash is kept. */
const newToken = () => randomBytes(32).toString('base64url');

/** The job that emails an invite; the token is made when it is sent, so no table holds it. */
export function teamInviteJob(inviteId: string): NewJob {
  return {
    kind: 'team_invite',
    submissionId: null,
    payload: { inviteId },
    maxAttempts: RETRY_DELAYS_MS.length + 1,
  };
}
export const TEAM_INVITE_RETRY_DELAYS_MS = RETRY_DELAYS_MS;

function statusOf(row: TeamInviteRow, now = Date.now()): TeamInvite['status'] {
  if (row.revoked_at) return 'revoked';
  if (row.accepted_at) return 'accepted';
  return new Date(row.expires_at).getTime() <= now ? 'expired' : 'pending';
}

export function toTeamInvite(row: TeamInviteRow): TeamInvite {
  return {
    inviteId: row.id,
    email: row.email,
    role: row.role,
    status: statusOf(row),
    sentAt: new Date(row.sent_at).toISOString(),
    expiresAt: new Date(row.expires_at).toISOString(),
  };
}

/**
 * Checks a member's invites: each colleague at the member's own domain, not the member, and a role
 * the role question offers. Every problem is named by its address, and nothing is written.
 */
export function checkInvites(
  inviter: string,
  domain: string,
  invites: NewTeamInvites['invites'],
  roles: readonly string[],
): FieldIssue[] {
  const issues: FieldIssue[] = [];
  invites.forEach(({ email, role }, index) => {
    if (emailDomainOf(email) !== domain)
      issues.push({ field: `invites.${index}.email`, message: `${email} is not an address at ${domain}` });
    else if (email === inviter)
      issues.push({ field: `invites.${index}.email`, message: `${email} is your own address` });
    if (role && !roles.includes(role))
      issues.push({
        field: `invites.${index}.role`,
        message: `${role} is not one of the roles (${roles.join(', ') || 'none set'})`,
      });
  });
  return issues;
}

/**
 * Writes the invites and their emails' jobs (the outbox) in one transaction. A colleague who
 * already has a live invite from this domain gets it renewed and sent again rather than a second.
 */
export async function createInvites(
  db: Database,
  input: { inviter: string; domain: string; language: string; invites: NewTeamInvites['invites'] },
  roles: readonly string[],
): Promise<TeamInvite[]> {
  assertNoIssues(checkInvites(input.inviter, input.domain, input.invites, roles));
  const unique = [...new Map(input.invites.map((invite) => [invite.email, invite])).values()];
  return db.transaction(async (trx) => {
    const rows: TeamInviteRow[] = [];
    for (const invite of unique) {
      const [row] = await trx
        .raw<{ rows: TeamInviteRow[] }>(
          `INSERT INTO team_invites (domain, email, role, invited_by, token_hash, language, expires_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (domain, email) WHERE revoked_at IS NULL AND accepted_at IS NULL
         DO UPDATE SET role = excluded.role, invited_by = excluded.invited_by, language = excluded.language,
           expires_at = excluded.expires_at, sent_at = now(), send_count = team_invites.send_count + 1
         RETURNING *`,
          [
            input.domain,
            invite.email,
            invite.role ?? null,
            input.inviter,
            hashToken(newToken()),
            input.language,
            new Date(Date.now() + TEAM_INVITE_TTL_MS),
          ],
        )
        .then((result) => result.rows);
      rows.push(row!);
    }
    await trx('jobs').insert(rows.map((row) => jobRow(teamInviteJob(row.id))));
    return rows.map(toTeamInvite);
  });
}

/** The invites a member sent, newest first. */
export async function listInvites(db: Executor, inviter: string): Promise<TeamInvite[]> {
  const rows = await db<TeamInviteRow>('team_invites')
    .where({ invited_by: inviter })
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(500);
  return rows.map(toTeamInvite);
}

/**
 * One of the member's own invites, or not found: an id of anyone else's, of another organisation
 * or made up answers the same, so no id is worth guessing.
 */
async function ownInvite(db: Executor, inviter: string, inviteId: string): Promise<TeamInviteRow> {
  const row = await db<TeamInviteRow>('team_invites').where({ id: inviteId, invited_by: inviter }).first();
  if (!row) throw new NotFoundError('Invite not found');
  return row;
}

/** Sends an invite again with a new link and a new 30 days; an accepted or revoked one stays so. */
export async function resendInvite(db: Database, inviter: string, inviteId: string): Promise<TeamInvite> {
  return db.transaction(async (trx) => {
    const row = await ownInvite(trx, inviter, inviteId);
    if (row.accepted_at || row.revoked_at) return toTeamInvite(row);
    const [renewed] = await trx<TeamInviteRow>('team_invites')
      .where({ id: row.id })
      .update({
        expires_at: new Date(Date.now() + TEAM_INVITE_TTL_MS),
        sent_at: new Date(),
        send_count: row.send_count + 1,
        // The old link stops working now, not only when the new one is made.
        token_hash: hashToken(newToken()),
      })
      .returning('*');
    await trx('jobs').insert(jobRow(teamInviteJob(row.id)));
    return toTeamInvite(renewed!);
  });
}

export async function revokeInvite(db: Database, inviter: string, inviteId: string): Promise<TeamInvite> {
  const row = await ownInvite(db, inviter, inviteId);
  if (row.accepted_at || row.revoked_at) return toTeamInvite(row);
  const [revoked] = await db<TeamInviteRow>('team_invites')
    .where({ id: row.id })
    .update({ revoked_at: new Date() })
    .returning('*');
  return toTeamInvite(revoked!);
}

/** A fresh link's token for an invite still live, its hash stored; null when it is no longer. */
export async function issueInviteToken(
  db: Executor,
  inviteId: string,
): Promise<{ token: string; invite: TeamInviteRow } | null> {
  const token = newToken();
  const [invite] = await db<TeamInviteRow>('team_invites')
    .where({ id: inviteId })
    .whereNull('revoked_at')
    .whereNull('accepted_at')
    .where('expires_at', '>', new Date())
    .update({ token_hash: hashToken(token) })
    .returning('*');
  return invite ? { token, invite } : null;
}

/**
 * Spends an invite's link, once: marks it accepted and the address verified, in one transaction.
 * Returns the invite and what the colleague's assessment starts with (the inviter's latest answers
 * about the company, the colleague's address and role); null when the link is unknown, spent,
 * revoked or expired.
 */
export async function acceptInvite(db: Database, token: string): Promise<TeamInviteAccepted | null> {
  return db.transaction(async (trx) => {
    const [invite] = await trx<TeamInviteRow>('team_invites')
      .where({ token_hash: hashToken(token) })
      .whereNull('revoked_at')
      .whereNull('accepted_at')
      .where('expires_at', '>', new Date())
      .update({ accepted_at: new Date() })
      .returning('*');
    if (!invite) return null;
    await markVerified(trx, invite.email);
    const latest = await submissionsOfEmail(trx, invite.invited_by)
      .orderBy([
        { column: 'submitted_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .first<Pick<SubmissionRow, 'demographic_data'> | undefined>('demographic_data');
    const company = Object.fromEntries(
      COMPANY_FIELDS.flatMap((field) => {
        const value = latest?.demographic_data[field];
        return value ? [[field, value]] : [];
      }),
    );
    return {
      email: invite.email,
      domain: invite.domain,
      inviteId: invite.id,
      language: invite.language,
      demographics: {
        ...company,
        email_address: invite.email,
        ...(invite.role && { [ROLE_FIELD]: invite.role }),
      },
    };
  });
}
