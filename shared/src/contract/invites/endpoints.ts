import type { Endpoint } from '../access.js';

/** One-time links for setting a password: the admin makes one, the invited user opens its page. */
export const inviteEndpoints = {
  inviteUser: { method: 'POST', path: '/api/admin/users/{userId}/invite', access: 'admin' },
} as const satisfies Record<string, Endpoint>;

/** Pages the server renders for this resource: they answer HTML, not JSON. */
export const invitePageEndpoints = {
  invitePage: { method: 'GET', path: '/api/invite', access: 'public' },
  acceptInvite: { method: 'POST', path: '/api/invite', access: 'public' },
  forgotPasswordPage: { method: 'GET', path: '/api/forgot-password', access: 'public' },
  requestPasswordReset: { method: 'POST', path: '/api/forgot-password', access: 'public' },
} as const satisfies Record<string, Endpoint>;
