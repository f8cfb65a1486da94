import { defineRoute, definePage } from '../route.js';
import { inviteEndpoints, invitePageEndpoints } from './endpoints.js';
import { UserIdParams, UserInvite } from '../users/schemas.js';
import { ForgotPasswordForm, InviteForm, InviteQuery } from './schemas.js';

/** Routes of the invite links. */
export const inviteRoutes = {
  inviteUser: defineRoute(inviteEndpoints.inviteUser, {
    summary:
      'A new one-time link (7 days) for a local user to set a password: an invite, or a reset when one is set; earlier links stop working',
    params: UserIdParams,
    response: UserInvite,
    successStatus: 201,
  }),
};

export const invitePages = {
  invitePage: definePage(invitePageEndpoints.invitePage, {
    summary: 'The one-time page where an invited user, or one resetting a password, sets a password',
    query: InviteQuery,
  }),
  acceptInvite: definePage(invitePageEndpoints.acceptInvite, {
    summary: 'Sets the password of an invite or reset link and signs the user in',
    body: InviteForm,
  }),
  forgotPasswordPage: definePage(invitePageEndpoints.forgotPasswordPage, {
    summary:
      'Forgot password: a form for an email address when email is configured, else where to ask for a link',
  }),
  requestPasswordReset: definePage(invitePageEndpoints.requestPasswordReset, {
    summary:
      'Queues a reset link (30 minutes) to the address; answers the same whether or not an account has it',
    body: ForgotPasswordForm,
  }),
};
