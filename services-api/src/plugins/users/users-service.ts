import type {
  AdminUser,
  CreatedUser,
  ApiKeyPermission,
  CreateUserRequest,
  CurrentUser,
  User,
  UserRole,
  UserStatus,
  V1UpdateUserRequest,
} from '@msp/shared';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/knex.js';
import { ConflictError, ForbiddenError, NotFoundError } from '../../domain/errors.js';
import { findUserById, type UserRow } from '../../db/tables.js';
import { issueInvite, type IssueOptions } from '../invites/invites-service.js';
import { findUserByEmail } from '../../db/tables.js';
import type { AuditWriter } from '../../http/audit-trail.js';

const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    role: row.role,
    status: row.status,
    profileImageUrl: row.profile_image_url,
    isFounder: row.is_founder,
    createdAt: iso(row.created_at)!,
    approvedAt: iso(row.approved_at),
  };
}

/** A user for the admin's list: with whether a password is set and whether they use single sign-on. */
export function toAdminUser(row: UserRow): AdminUser {
  return {
    ...toUser(row),
    hasPassword: row.password_hash !== null,
    usesSingleSignOn: row.oidc_subject !== null,
  };
}

export function toCurrentUser(row: UserRow): CurrentUser {
  const { id, email, firstName, lastName, role, status, profileImageUrl, isFounder } = toUser(row);
  return { id, email, firstName, lastName, role, status, profileImageUrl, isFounder };
}

/** Role admin and status approved: the only users the admin portal and admin API admit. */
export function isApprovedAdmin(user: Pick<UserRow, 'role' | 'status'>): boolean {
  return user.role === 'admin' && user.status === 'approved';
}

export async function approvedAdminExists(db: Database): Promise<boolean> {
  const row = await db<UserRow>('users').where({ role: 'admin', status: 'approved' }).first('id');
  return Boolean(row);
}

/** The founder is an approved admin whatever else is asked for. */
export function founderOverrides(email: string, founderEmail: string | undefined) {
  return founderEmail && email.toLowerCase() === founderEmail
    ? ({ role: 'admin', status: 'approved', is_founder: true } as const)
    : undefined;
}

/**
 * Creates or updates an approved admin with a local password, for the setup link and the
 * admin:create command. Returns the user.
 */
export async function upsertLocalAdmin(
  db: Database,
  input: {
    email: string;
    passwordHash: string;
    firstName?: string | null;
    lastName?: string | null;
    isFounder?: boolean;
  },
  audit: AuditWriter,
): Promise<UserRow> {
  const email = input.email.trim().toLowerCase();
  return db.transaction(async (trx) => {
    const existing = await findUserByEmail(trx, email);
    const fields = {
      role: 'admin' as const,
      status: 'approved' as const,
      password_hash: input.passwordHash,
      updated_at: trx.fn.now(),
      ...(input.firstName !== undefined && { first_name: input.firstName }),
      ...(input.lastName !== undefined && { last_name: input.lastName }),
      ...(input.isFounder && { is_founder: true }),
    };
    if (existing) {
      const [row] = await trx<UserRow>('users')
        .where({ id: existing.id })
        .update({ ...fields, approved_at: existing.approved_at ?? trx.fn.now() })
        .returning('*');
      await audit(trx, { actor: { kind: 'user', id: row!.id, name: row!.email }, targetId: row!.id });
      return row!;
    }
    const [row] = await trx<UserRow>('users')
      .insert({ email, ...fields, approved_at: trx.fn.now() })
      .returning('*');
    await audit(trx, { actor: { kind: 'user', id: row!.id, name: row!.email }, targetId: row!.id });
    return row!;
  });
}

// --- User management by approved admins ---

async function requireUser(db: Database, id: number): Promise<UserRow> {
  const user = await findUserById(db, id);
  if (!user) throw new NotFoundError('User not found');
  return user;
}

function userRows(db: Database): Promise<UserRow[]> {
  return db<UserRow>('users').orderBy([
    { column: 'created_at', order: 'desc' },
    { column: 'id', order: 'desc' },
  ]);
}

export async function listUsers(db: Database): Promise<User[]> {
  return (await userRows(db)).map(toUser);
}

/** The admin's user list: every user with how they sign in. */
export async function listAdminUsers(db: Database): Promise<AdminUser[]> {
  return (await userRows(db)).map(toAdminUser);
}

/** Creates a user as an admin asks; the founder address is an approved admin whatever is asked. */
export async function createUser(
  db: Executor,
  body: z.output<typeof CreateUserRequest>,
  founderEmail: string | undefined,
): Promise<User> {
  return toUser(await insertUser(db, body, founderEmail));
}

/** The row `createUser` writes, for callers that write more in the same transaction. */
export async function insertUser(
  db: Executor,
  body: z.output<typeof CreateUserRequest>,
  founderEmail: string | undefined,
): Promise<UserRow> {
  if (await findUserByEmail(db, body.email)) throw new ConflictError('A user with this email already exists');
  const founder = founderOverrides(body.email, founderEmail);
  const status = founder?.status ?? body.status;
  const [row] = await db<UserRow>('users')
    .insert({
      email: body.email,
      first_name: body.firstName,
      last_name: body.lastName,
      role: founder?.role ?? body.role,
      status,
      is_founder: founder?.is_founder ?? false,
      approved_at: status === 'approved' ? new Date() : null,
    })
    .returning('*');
  return row!;
}

/** Approves or denies a user; `actorId` is the admin asking, who cannot change their own status. */
export async function setUserStatus(
  db: Database,
  userId: number,
  status: UserStatus,
  actorId: number,
  audit: AuditWriter,
): Promise<User> {
  const user = await requireUser(db, userId);
  if (user.is_founder && status !== 'approved') {
    throw new ConflictError('The founder account is always approved');
  }
  if (user.id === actorId && status !== 'approved') {
    throw new ConflictError('You cannot change your own status');
  }
  return db.transaction(async (trx) => {
    const [row] = await trx<UserRow>('users')
      .where({ id: user.id })
      .update({
        status,
        approved_at: status === 'approved' ? (user.approved_at ?? new Date()) : user.approved_at,
        updated_at: new Date(),
      })
      .returning('*');
    await audit(trx);
    return toUser(row!);
  });
}

/** Changes an approved user's role; the founder's is locked and nobody changes their own. */
export async function setUserRole(
  db: Database,
  userId: number,
  role: UserRole,
  actorId: number,
  audit: AuditWriter,
): Promise<User> {
  const user = await requireUser(db, userId);
  if (user.is_founder) throw new ConflictError("The founder's role cannot be changed");
  if (user.status !== 'approved') throw new ConflictError('Only approved users can have their role changed');
  if (user.id === actorId) throw new ConflictError('You cannot change your own role');
  return db.transaction(async (trx) => {
    const [row] = await trx<UserRow>('users')
      .where({ id: user.id })
      .update({ role, updated_at: new Date() })
      .returning('*');
    await audit(trx);
    return toUser(row!);
  });
}

// --- User management through API keys (/api/v1) ---

/**
 * Why a key is refused. Making administrators is left out of the public API for every key: only
 * a signed-in administrator does it, in the admin portal. Below admin, a key may not change an
 * administrator or the founder either.
 */
export const KEY_REFUSALS = {
  createAdmin: 'No API key can create an administrator; an administrator does that in the admin portal.',
  createFounder:
    'No API key can create the founder account: its address is always an administrator, made by its setup link.',
  promote: 'No API key can make anyone an administrator; an administrator does that in the admin portal.',
  approveAdmin: 'No API key can approve an administrator; an administrator does that in the admin portal.',
  changeAdmin: "A user_manage API key cannot change an administrator's account; that needs an admin key.",
  founder: 'A user_manage API key cannot change the founder account; that needs an admin key.',
};

const isFounder = (user: Pick<UserRow, 'email' | 'is_founder'>, founderEmail: string | undefined) =>
  user.is_founder || Boolean(founderOverrides(user.email, founderEmail));

/** Creates a user for an API key: never an administrator, nor the founder (who would be one). */
export async function createUserWithKey(
  db: Database,
  body: z.output<typeof CreateUserRequest>,
  founderEmail: string | undefined,
  audit: AuditWriter,
): Promise<User> {
  if (body.role === 'admin') throw new ForbiddenError(KEY_REFUSALS.createAdmin);
  if (founderOverrides(body.email, founderEmail)) throw new ForbiddenError(KEY_REFUSALS.createFounder);
  return db.transaction(async (trx) => {
    const user = await createUser(trx, body, founderEmail);
    await audit(trx, { targetId: user.id });
    return user;
  });
}

/**
 * Changes a user's names, role or status for an API key, in one transaction. No key makes an
 * administrator, by promotion or by approving one who is waiting; the founder stays an approved
 * admin for every key, and only an approved user's role changes; a user_manage key may not change
 * an administrator or touch the founder at all.
 */
export async function updateUserWithKey(
  db: Database,
  id: number,
  changes: z.output<typeof V1UpdateUserRequest>,
  permission: ApiKeyPermission,
  founderEmail: string | undefined,
  audit: AuditWriter,
): Promise<User> {
  return db.transaction(async (trx) => {
    const user = await trx<UserRow>('users').where({ id }).forUpdate().first();
    if (!user) throw new NotFoundError('User not found');
    const founder = isFounder(user, founderEmail);
    if (changes.role === 'admin' && user.role !== 'admin') throw new ForbiddenError(KEY_REFUSALS.promote);
    if (user.role === 'admin' && user.status !== 'approved' && changes.status === 'approved') {
      throw new ForbiddenError(KEY_REFUSALS.approveAdmin);
    }
    if (permission !== 'admin') {
      if (founder) throw new ForbiddenError(KEY_REFUSALS.founder);
      if (user.role === 'admin') throw new ForbiddenError(KEY_REFUSALS.changeAdmin);
    }
    const status = changes.status ?? user.status;
    const roleChanges = changes.role !== undefined && changes.role !== user.role;
    if (founder && roleChanges) throw new ConflictError("The founder's role cannot be changed");
    if (founder && status !== 'approved') throw new ConflictError('The founder account is always approved');
    if (roleChanges && status !== 'approved') {
      throw new ConflictError('Only approved users can have their role changed');
    }
    const [row] = await trx<UserRow>('users')
      .where({ id })
      .update({
        ...(changes.firstName !== undefined && { first_name: changes.firstName }),
        ...(changes.lastName !== undefined && { last_name: changes.lastName }),
        ...(changes.role !== undefined && { role: changes.role }),
        status,
        approved_at: status === 'approved' ? (user.approved_at ?? new Date()) : user.approved_at,
        updated_at: new Date(),
      })
      .returning('*');
    await audit(trx);
    return toUser(row!);
  });
}

/** Creates a user and their invite link in one transaction: both, or neither. */
export async function createInvitedUser(
  db: Database,
  body: z.output<typeof CreateUserRequest>,
  options: IssueOptions & { founderEmail: string | undefined },
  audit: AuditWriter,
): Promise<CreatedUser> {
  return db.transaction(async (trx) => {
    const user = await insertUser(trx, body, options.founderEmail);
    const invite = await issueInvite(trx, user, options);
    await audit(trx, { targetId: user.id });
    return { ...toAdminUser(user), invite };
  });
}
