import { z } from 'zod';
import { EMAIL_FIELD_MAX_LENGTH, NAME_MAX_LENGTH, PASSWORD_FIELD_MAX_LENGTH, formText } from '../common.js';
import { User } from '../users/schemas.js';

/** The signed-in user, as GET /api/auth/user answers. */
export const CurrentUser = User.pick({
  id: true,
  email: true,
  firstName: true,
  lastName: true,
  role: true,
  status: true,
  profileImageUrl: true,
  isFounder: true,
});
export type CurrentUser = z.infer<typeof CurrentUser>;

export const SignInForm = z.object({
  email: formText(EMAIL_FIELD_MAX_LENGTH).transform((value) => value.trim().toLowerCase()),
  password: formText(PASSWORD_FIELD_MAX_LENGTH),
});

/** The sign-out confirmation carries only its CSRF token, which the server checks and removes. */
export const SignOutForm = z.object({});

export const SetupQuery = z.object({ token: formText(100) });

export const SetupForm = z.object({
  token: formText(100),
  email: formText(EMAIL_FIELD_MAX_LENGTH).transform((value) => value.trim().toLowerCase()),
  firstName: formText(NAME_MAX_LENGTH).transform((value) => value.trim()),
  lastName: formText(NAME_MAX_LENGTH).transform((value) => value.trim()),
  password: formText(PASSWORD_FIELD_MAX_LENGTH),
});

/**
 * The origins (scheme, host and port) of the identity provider's pages that single sign-on opens:
 * the issuer's and its authorization endpoint's. The desktop client's sign-in window goes nowhere
 * else but the server.
 */
export const SignInOrigins = z.object({ identityProvider: z.array(z.string()) });
export type SignInOrigins = z.infer<typeof SignInOrigins>;

/** `v` names the script's content, so a page's link to it can be cached for good. */
export const PasswordMeterQuery = z.object({ v: formText(64) });

/** What the identity provider sends back: single values of bounded length. */
export const SingleSignOnQuery = z.record(
  z.string().max(100),
  z.string({ error: 'must be a single value' }).max(4096),
);
