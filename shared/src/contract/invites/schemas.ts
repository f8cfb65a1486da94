import { z } from 'zod';
import { EMAIL_FIELD_MAX_LENGTH, PASSWORD_FIELD_MAX_LENGTH, formText } from '../common.js';

/** Invite links and password resets are valid this long. */
export const INVITE_TTL_DAYS = 7;

/**
 * A reset link someone asked for on the sign-in page is valid this long: whoever asked is at the
 * keyboard now, and a link lying in a mailbox for days is a link someone else may find.
 */
export const FORGOT_PASSWORD_TTL_MINUTES = 30;

export const InviteQuery = z.object({ token: formText(100) });

export const InviteForm = z.object({
  token: formText(100),
  password: formText(PASSWORD_FIELD_MAX_LENGTH),
});

/** The Forgot password form: the address to send a reset link to (checked by the page, not here). */
export const ForgotPasswordForm = z.object({
  email: formText(EMAIL_FIELD_MAX_LENGTH).transform((value) => value.trim().toLowerCase()),
});
