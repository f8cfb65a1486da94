import type { Endpoint } from '../access.js';

/** Who is signed in, and the pages that sign people in and out. */
export const authEndpoints = {
  getCurrentUser: { method: 'GET', path: '/api/auth/user', access: 'session' },
  getSignInOrigins: { method: 'GET', path: '/api/auth/sign-in-origins', access: 'public' },
} as const satisfies Record<string, Endpoint>;

/** Pages the server renders for this resource: they answer HTML, not JSON. */
export const authPageEndpoints = {
  signInPage: { method: 'GET', path: '/api/login', access: 'public' },
  signInWithPassword: { method: 'POST', path: '/api/auth/local', access: 'public' },
  signOut: { method: 'GET', path: '/api/logout', access: 'public' },
  confirmSignOut: { method: 'POST', path: '/api/logout', access: 'public' },
  setupPage: { method: 'GET', path: '/api/setup', access: 'public' },
  completeSetup: { method: 'POST', path: '/api/setup', access: 'public' },
  singleSignOn: { method: 'GET', path: '/api/auth/oidc', access: 'public' },
  passwordMeter: { method: 'GET', path: '/api/auth/password-meter.js', access: 'public' },
} as const satisfies Record<string, Endpoint>;
