import { z } from 'zod';
import { PASSWORD_FIELD_MAX_LENGTH, formText } from '../common.js';

/** Invite links and password resets are valid this long. */
export const INVITE_TTL_DAYS = 7;

/** A one-time link for setting a password, shown to the admin once. */
export const UserInvite = z.object({
  /** The whole link; only its hash is stored, so it cannot be shown again. */
  url: z.string(),
  expiresAt: z.string(),
  /** invite: the user has no password yet; reset: a new password replaces the old one. */
  purpose: z.enum(['invite', 'reset']),
  /** Whether the link is also being emailed to the user (only with SMTP configured). */
  emailQueued: z.boolean(),
});
export type UserInvite = z.infer<typeof UserInvite>;

export const InviteQuery = z.object({ token: formText(100) });

export const InviteForm = z.object({
  token: formText(100),
  password: formText(PASSWORD_FIELD_MAX_LENGTH),
});
