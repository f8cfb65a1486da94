import type { Endpoint } from '../access.js';

/** The most colleagues one request invites, and how long an invite's link works. */
export const TEAM_INVITES_PER_REQUEST = 50;
export const TEAM_INVITE_TTL_DAYS = 30;

/**
 * Teams: a verified visitor at a company domain invites colleagues, who verify by the invite's
 * link and assess the same company; members see the team's figures at /my/team. A session opens
 * only its own organisation: every id and domain of another is not found.
 */
export const teamEndpoints = {
  getTeam: { method: 'GET', path: '/api/visitor/team', access: 'visitor' },
  updateTeamMembership: { method: 'PUT', path: '/api/visitor/team/membership', access: 'visitor' },
  listTeamInvites: { method: 'GET', path: '/api/visitor/team/invites', access: 'visitor' },
  createTeamInvites: { method: 'POST', path: '/api/visitor/team/invites', access: 'visitor' },
  resendTeamInvite: {
    method: 'POST',
    path: '/api/visitor/team/invites/{inviteId}/resend',
    access: 'visitor',
  },
  revokeTeamInvite: { method: 'DELETE', path: '/api/visitor/team/invites/{inviteId}', access: 'visitor' },
  acceptTeamInvite: { method: 'POST', path: '/api/team-invites/accept', access: 'public' },
} as const satisfies Record<string, Endpoint>;
