import type { ApiKeyPermission, UserInvite, UserRole, UserStatus } from '@msp/shared';
import type { Executor } from './knex.js';

/**
 * The rows of the tables read and written with plain Knex rather than a model (accounts,
 * sessions, links, keys, settings), declared once, with the lookups several resources share.
 * Content and submissions have Objection models (models/).
 */

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
  updated_at: Date | string;
  approved_at: Date | string | null;
}

export async function findUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  return db<UserRow>('users').where({ id }).first();
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  return db<UserRow>('users').where({ email: email.trim().toLowerCase() }).first();
}

/** A row of the sessions table. */
export interface SessionRow {
  id_hash: string;
  user_id: number;
  created_at: Date | string;
  last_seen_at: Date | string;
  expires_at: Date | string;
  ip_address: string | null;
  user_agent: string | null;
}

export type InvitePurpose = UserInvite['purpose'];

/** A row of the user_invites table. */
export interface InviteRow {
  id: number;
  user_id: number;
  token_hash: string;
  purpose: InvitePurpose;
  created_by: number | null;
  created_at: Date | string;
  expires_at: Date | string;
  used_at: Date | string | null;
  revoked_at: Date | string | null;
}

/** A row of `api_keys`: the token itself is never stored. */
export interface ApiKeyRow {
  id: number;
  name: string;
  token_hash: string;
  token_last4: string;
  permission: ApiKeyPermission;
  is_active: boolean;
  last_used_at: Date | string | null;
  created_at: Date | string;
  created_by: number | null;
}

/** A row of the app_settings table. */
export interface AppSettingRow {
  key: string;
  value: string;
  created_at: Date | string;
}

/** A row of consent_statements: the current statement has no `retired_at`. */
export interface ConsentStatementRow {
  id: number;
  text: string;
  created_at: Date | string;
  retired_at: Date | string | null;
}

/** A row of the setup_tokens table. */
export interface SetupTokenRow {
  token_hash: string;
  created_at: Date | string;
  expires_at: Date | string;
  used_at: Date | string | null;
}
