/**
 * Where the admin portal sends the browser to sign in and out. These are full-page navigations to
 * the server (spec 7, Navigations), never client routes.
 */
export const LOGIN_PATH = '/api/login';
export const LOGOUT_PATH = '/api/logout';

/** Delay between the "logged out" toast and the redirect to the sign-in page (spec 9). */
export const LOGIN_REDIRECT_DELAY_MS = 500;

/** Leaves the app for the server's sign-in page. */
export function goToLogin(): void {
  window.location.assign(LOGIN_PATH);
}
