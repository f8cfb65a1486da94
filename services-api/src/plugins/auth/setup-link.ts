import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/knex.js';
import { hashToken } from '../../domain/tokens.js';
import { approvedAdminExists } from '../users/users-service.js';
import type { SetupTokenRow } from '../../db/tables.js';

export const SETUP_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * While no approved admin exists, issues a one-time link that lets the first person create the
 * founder account. Returns the link, or null when an admin exists.
 */
export async function issueSetupLink(db: Database, publicUrl: string): Promise<string | null> {
  if (await approvedAdminExists(db)) return null;
  const token = randomBytes(32).toString('base64url');
  await db<SetupTokenRow>('setup_tokens').insert({
    token_hash: hashToken(token),
    expires_at: new Date(Date.now() + SETUP_TOKEN_TTL_MS),
  });
  return `${publicUrl}/api/setup?token=${token}`;
}

/** Whether a setup token may still be used: known, unused, unexpired, and still no admin. */
export async function setupTokenIsUsable(db: Database, token: string): Promise<boolean> {
  if (!token || token.length > 100) return false;
  const row = await db<SetupTokenRow>('setup_tokens')
    .where({ token_hash: hashToken(token) })
    .whereNull('used_at')
    .where('expires_at', '>', new Date())
    .first('token_hash');
  return Boolean(row) && !(await approvedAdminExists(db));
}

/** Marks a token used; false if someone else used it first. */
export async function consumeSetupToken(db: Database, token: string): Promise<boolean> {
  const updated = await db<SetupTokenRow>('setup_tokens')
    .where({ token_hash: hashToken(token) })
    .whereNull('used_at')
    .where('expires_at', '>', new Date())
    .update({ used_at: new Date() });
  return updated > 0;
}
