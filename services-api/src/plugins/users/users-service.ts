import type { CurrentUser, User, UserRole, UserStatus } from '@msp/shared';
import type { Knex } from 'knex';
import type { Database } from '../../db/knex.js';

export interface UserRow {
  id: number;
  email: string;
  first_name: string | null;
  last_name: string | null;
  role: UserRole;
  status: UserStatus;
  profile_image_url: string | null;
  is_founder: boolean;
  password_hash: string | null;
  oidc_issuer: string | null;
  oidc_subject: string | null;
  created_at: Date | string;
  approved_at: Date | string | null;
}

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

export function toCurrentUser(row: UserRow): CurrentUser {
  const { id, email, firstName, lastName, role, status, profileImageUrl, isFounder } = toUser(row);
  return { id, email, firstName, lastName, role, status, profileImageUrl, isFounder };
}

/** Role admin and status approved: the only users the admin portal and admin API admit. */
export function isApprovedAdmin(user: Pick<UserRow, 'role' | 'status'>): boolean {
  return user.role === 'admin' && user.status === 'approved';
}

export async function findUserById(
  db: Database | Knex.Transaction,
  id: number,
): Promise<UserRow | undefined> {
  return db<UserRow>('users').where({ id }).first();
}

export async function findUserByEmail(
  db: Database | Knex.Transaction,
  email: string,
): Promise<UserRow | undefined> {
  return db<UserRow>('users').where({ email: email.trim().toLowerCase() }).first();
}

export async function approvedAdminExists(db: Database): Promise<boolean> {
  const row = await db('users').where({ role: 'admin', status: 'approved' }).first('id');
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
): Promise<UserRow> {
  const email = input.email.trim().toLowerCase();
  return db.transaction(async (trx) => {
    const existing = await findUserByEmail(trx, email);
    const fields = {
      role: 'admin',
      status: 'approved',
      password_hash: input.passwordHash,
      updated_at: trx.fn.now(),
      ...(input.firstName !== undefined && { first_name: input.firstName }),
      ...(input.lastName !== undefined && { last_name: input.lastName }),
      ...(input.isFounder && { is_founder: true }),
    };
    if (existing) {
      const [row] = await trx<UserRow>('users')
        .where({ id: existing.id })
        .update({ ...fields, approved_at: existing.approved_at ?? trx.fn.now() } as never)
        .returning('*');
      return row!;
    }
    const [row] = await trx<UserRow>('users')
      .insert({ email, ...fields, approved_at: trx.fn.now() } as never)
      .returning('*');
    return row!;
  });
}
