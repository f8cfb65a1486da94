import { randomBytes } from 'node:crypto';
import { INVITE_TTL_DAYS, type UserInvite } from '@msp/shared';
import type { Database, Executor } from '../../db/knex.js';
import { ConflictError, NotFoundError } from '../../domain/errors.js';
import { jobRow } from '../../jobs/job-store.js';
import { findUserById, type InvitePurpose, type InviteRow, type UserRow } from '../../db/tables.js';
import { hashToken } from '../../domain/tokens.js';
import { eraseEmailedTokens, inviteEmailJob, inviteUrl } from './invite-email.js';
import type { AuditWriter } from '../../http/audit-trail.js';

export const INVITE_TTL_MS = INVITE_TTL_DAYS * 24 * 60 * 60 * 1000;

/** Why a link cannot be used, for the page to explain. */
export type UnusableInvite = 'unknown' | 'used' | 'replaced' | 'expired' | 'denied';

export type InviteLookup =
  { usable: true; invite: InviteRow; user: UserRow } | { usable: false; reason: UnusableInvite };

export interface IssueOptions {
  /** The admin asking; null when the user asked through Forgot password. */
  createdBy: number | null;
  publicUrl: string;
  /** Queue the link's email too (only with SMTP configured: without it the admin copies the link). */
  email: boolean;
  /** How long the link works; an admin's link works for INVITE_TTL_DAYS. */
  ttlMs?: number;
  /** The user asked for the link through Forgot password (the email says so). */
  requestedByUser?: boolean;
}

/**
 * A new one-time link for a local user, written in the caller's transaction: an invite while the
 * user has no password, else a reset. Earlier live links of the user stop working. With `email`,
 * the email job is queued in the same transaction (the outbox), so it is sent exactly when the link
 * exists. Only the token's hash is stored in the link's row.
 */
export async function issueInvite(trx: Executor, user: UserRow, options: IssueOptions): Promise<UserInvite> {
  if (user.oidc_subject !== null) {
    throw new ConflictError('This user signs in with single sign-on, so there is no password to set');
  }
  if (user.status === 'denied') {
    throw new ConflictError('This user was denied access. Approve them before sending a link.');
  }
  const purpose: InvitePurpose = user.password_hash === null ? 'invite' : 'reset';
  await trx<InviteRow>('user_invites')
    .where({ user_id: user.id })
    .whereNull('used_at')
    .whereNull('revoked_at')
    .update({ revoked_at: new Date() });
  await eraseEmailedTokens(trx, { userId: user.id });

  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + (options.ttlMs ?? INVITE_TTL_MS));
  const [row] = await trx<InviteRow>('user_invites')
    .insert({
      user_id: user.id,
      token_hash: hashToken(token),
      purpose,
      created_by: options.createdBy,
      expires_at: expiresAt,
    })
    .returning('*');
  if (options.email) {
    const requestedByUser = options.requestedByUser === true ? { requestedByUser: true } : {};
    await trx('jobs').insert(
      jobRow(inviteEmailJob({ inviteId: row!.id, userId: user.id, token, ...requestedByUser })),
    );
  }
  return {
    url: inviteUrl(options.publicUrl, token),
    expiresAt: expiresAt.toISOString(),
    purpose,
    emailQueued: options.email,
  };
}

/**
 * A new link for an existing user. Only the founder may reset the founder's password: anyone else
 * holding that link could take over the account whose role nobody can change.
 */
export async function inviteExistingUser(
  db: Database,
  userId: number,
  options: IssueOptions,
  audit: AuditWriter,
): Promise<UserInvite> {
  return db.transaction(async (trx) => {
    const user = await findUserById(trx, userId);
    if (!user) throw new NotFoundError('User not found');
    if (user.is_founder && user.id !== options.createdBy && user.password_hash !== null) {
      throw new ConflictError("Only the founder can reset the founder's password");
    }
    const invite = await issueInvite(trx, user, options);
    await audit(trx);
    return invite;
  });
}

function lookupOf(invite: InviteRow | undefined, user: UserRow | undefined): InviteLookup {
  if (!invite || !user) return { usable: false, reason: 'unknown' };
  if (invite.used_at !== null) return { usable: false, reason: 'used' };
  if (invite.revoked_at !== null) return { usable: false, reason: 'replaced' };
  if (new Date(invite.expires_at).getTime() <= Date.now()) return { usable: false, reason: 'expired' };
  if (user.status === 'denied') return { usable: false, reason: 'denied' };
  return { usable: true, invite, user };
}

/** A well-formed token is 43 base64url characters; anything far off is not looked up. */
const plausible = (token: string) => token.length >= 20 && token.length <= 100;

/** What a link's token leads to: its invite and user, or why it cannot be used. */
export async function findInvite(db: Executor, token: string, lock = false): Promise<InviteLookup> {
  if (!plausible(token)) return { usable: false, reason: 'unknown' };
  const query = db<InviteRow>('user_invites').where({ token_hash: hashToken(token) });
  const invite = await (lock ? query.forUpdate() : query).first();
  const user = invite ? await findUserById(db, invite.user_id) : undefined;
  return lookupOf(invite, user);
}

/**
 * Uses a link: sets the user's password (already hashed; hashing is slow and stays outside the
 * transaction), marks the link used, and ends every session of the user, since a reset means the
 * old password may be known to someone else. Returns the user to sign in, or why the link could
 * not be used (a second tab may have used it a moment ago).
 */
export async function acceptInvite(
  db: Database,
  token: string,
  passwordHash: string,
  audit: AuditWriter,
): Promise<{ user: UserRow } | { reason: UnusableInvite }> {
  return db.transaction(async (trx) => {
    const found = await findInvite(trx, token, true);
    if (!found.usable) return { reason: found.reason };
    const now = new Date();
    const [user] = await trx<UserRow>('users')
      .where({ id: found.user.id })
      .update({ password_hash: passwordHash, updated_at: now })
      .returning('*');
    await trx<InviteRow>('user_invites').where({ id: found.invite.id }).update({ used_at: now });
    await eraseEmailedTokens(trx, { userId: found.user.id });
    // The sessions table belongs to the auth plugin; deleting a user's rows is all a reset needs.
    await trx('sessions').where({ user_id: found.user.id }).delete();
    await audit(trx, {
      action: found.invite.purpose === 'reset' ? 'user.password_reset' : 'user.accept_invite',
      actor: { kind: 'user', id: user!.id, name: user!.email },
      targetId: user!.id,
    });
    return { user: user! };
  });
}
