import { z } from 'zod';
import { pageEndpoints } from './endpoints.js';
import { definePage } from './route.js';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from './schemas/common.js';

/** Longer than any password the server accepts, so a too-long one gets the sign-in page's own message. */
const PASSWORD_FIELD_MAX_LENGTH = 1000;

const formText = (max: number) => z.string({ error: 'must be text' }).max(max).default('');

export const SignInForm = z.object({
  email: formText(EMAIL_MAX_LENGTH).transform((value) => value.trim().toLowerCase()),
  password: formText(PASSWORD_FIELD_MAX_LENGTH),
});

/** The sign-out confirmation carries only its CSRF token, which the server checks and removes. */
export const SignOutForm = z.object({});

export const SetupQuery = z.object({ token: formText(100) });

export const SetupForm = z.object({
  token: formText(100),
  email: formText(EMAIL_MAX_LENGTH).transform((value) => value.trim().toLowerCase()),
  firstName: formText(NAME_MAX_LENGTH).transform((value) => value.trim()),
  lastName: formText(NAME_MAX_LENGTH).transform((value) => value.trim()),
  password: formText(PASSWORD_FIELD_MAX_LENGTH),
});

export const InviteQuery = z.object({ token: formText(100) });

export const InviteForm = z.object({
  token: formText(100),
  password: formText(PASSWORD_FIELD_MAX_LENGTH),
});

/** What the identity provider sends back: single values of bounded length. */
export const SingleSignOnQuery = z.record(
  z.string().max(100),
  z.string({ error: 'must be a single value' }).max(4096),
);

/** Sign-in, sign-out and the founder setup link: pages the server renders. */
export const pageRoutes = {
  signInPage: definePage(pageEndpoints.signInPage, {
    summary: 'The sign-in page; a signed-in user goes straight to the portal',
  }),
  signInWithPassword: definePage(pageEndpoints.signInWithPassword, {
    summary: 'Signs in with email and password (an HTML form carrying the CSRF token as a field)',
    body: SignInForm,
  }),
  signOut: definePage(pageEndpoints.signOut, {
    summary: 'Ends the session and returns to the home page; followed from another site, asks first',
  }),
  confirmSignOut: definePage(pageEndpoints.confirmSignOut, {
    summary: 'Ends the session after the sign-out confirmation (a form carrying the CSRF token)',
    body: SignOutForm,
  }),
  setupPage: definePage(pageEndpoints.setupPage, {
    summary: 'The one-time founder setup page',
    query: SetupQuery,
  }),
  completeSetup: definePage(pageEndpoints.completeSetup, {
    summary: 'Creates the founder account with a password and signs it in',
    body: SetupForm,
  }),
  invitePage: definePage(pageEndpoints.invitePage, {
    summary: 'The one-time page where an invited user (or one whose reset an admin started) sets a password',
    query: InviteQuery,
  }),
  acceptInvite: definePage(pageEndpoints.acceptInvite, {
    summary: 'Sets the password of an invite or reset link and signs the user in',
    body: InviteForm,
  }),
  singleSignOn: definePage(pageEndpoints.singleSignOn, {
    summary: 'Starts single sign-on, and completes it when the identity provider sends the user back',
    query: SingleSignOnQuery,
  }),
};
