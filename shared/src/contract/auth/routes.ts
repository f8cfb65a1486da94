import { defineRoute, definePage } from '../route.js';
import { authEndpoints, authPageEndpoints } from './endpoints.js';
import {
  CurrentUser,
  PasswordMeterQuery,
  SetupForm,
  SetupQuery,
  SignInForm,
  SignInOrigins,
  SignOutForm,
  SingleSignOnQuery,
} from './schemas.js';

/** Routes of signing in and out. */
export const authRoutes = {
  getCurrentUser: defineRoute(authEndpoints.getCurrentUser, {
    summary: 'The signed-in user; 401 when nobody is signed in',
    response: CurrentUser,
  }),
  getSignInOrigins: defineRoute(authEndpoints.getSignInOrigins, {
    summary:
      "Where signing in may take a person besides this server: the single sign-on identity provider's origins (none without single sign-on)",
    response: SignInOrigins,
  }),
};

export const authPages = {
  signInPage: definePage(authPageEndpoints.signInPage, {
    summary: 'The sign-in page; a signed-in user goes straight to the portal',
  }),
  signInWithPassword: definePage(authPageEndpoints.signInWithPassword, {
    summary: 'Signs in with email and password (an HTML form carrying the CSRF token as a field)',
    body: SignInForm,
  }),
  signOut: definePage(authPageEndpoints.signOut, {
    summary: 'Ends the session and returns to the home page; followed from another site, asks first',
  }),
  confirmSignOut: definePage(authPageEndpoints.confirmSignOut, {
    summary: 'Ends the session after the sign-out confirmation (a form carrying the CSRF token)',
    body: SignOutForm,
  }),
  setupPage: definePage(authPageEndpoints.setupPage, {
    summary: 'The one-time founder setup page',
    query: SetupQuery,
  }),
  completeSetup: definePage(authPageEndpoints.completeSetup, {
    summary: 'Creates the founder account with a password and signs it in',
    body: SetupForm,
  }),
  singleSignOn: definePage(authPageEndpoints.singleSignOn, {
    summary: 'Starts single sign-on, and completes it when the identity provider sends the user back',
    query: SingleSignOnQuery,
  }),
  passwordMeter: definePage(authPageEndpoints.passwordMeter, {
    summary:
      'The password strength meter of the pages where a password is chosen (JavaScript, with its dictionaries)',
    query: PasswordMeterQuery,
  }),
};
