import { z } from 'zod';
import { LanguageQuery, Uuid } from '../common.js';
import { defineRoute } from '../route.js';
import { teamEndpoints } from './endpoints.js';
import {
  NewTeamInvites,
  TeamInvite,
  TeamInviteAccepted,
  TeamInviteAcceptRequest,
  TeamInviteList,
  TeamMembership,
  TeamMembershipUpdate,
  TeamView,
} from './schemas.js';

const InviteParams = z.object({ inviteId: Uuid });

/** The team routes: the member's view and choices, their invites, and the invite's link. */
export const teamRoutes = {
  getTeam: defineRoute(teamEndpoints.getTeam, {
    summary: "The signed-in visitor's team: their organisation, their choices and the team's figures",
    query: LanguageQuery,
    response: TeamView,
  }),
  updateTeamMembership: defineRoute(teamEndpoints.updateTeamMembership, {
    summary: 'Shares or stops sharing name and levels with colleagues; leaves the team or comes back',
    body: TeamMembershipUpdate,
    response: TeamMembership,
  }),
  listTeamInvites: defineRoute(teamEndpoints.listTeamInvites, {
    summary: 'The invites the signed-in visitor sent, newest first',
    response: TeamInviteList,
  }),
  createTeamInvites: defineRoute(teamEndpoints.createTeamInvites, {
    summary: "Invites colleagues at the visitor's company domain; each gets an email with their own link",
    body: NewTeamInvites,
    response: TeamInviteList,
    successStatus: 201,
  }),
  resendTeamInvite: defineRoute(teamEndpoints.resendTeamInvite, {
    summary: 'Sends an invite again with a new link, valid for another 30 days; the old link stops working',
    params: InviteParams,
    response: TeamInvite,
  }),
  revokeTeamInvite: defineRoute(teamEndpoints.revokeTeamInvite, {
    summary: 'Withdraws an invite: its link stops working',
    params: InviteParams,
    response: TeamInvite,
  }),
  acceptTeamInvite: defineRoute(teamEndpoints.acceptTeamInvite, {
    summary:
      "Spends an invite's link: verifies the colleague, starts their visitor session, and says what their assessment starts from",
    body: TeamInviteAcceptRequest,
    response: TeamInviteAccepted,
  }),
};
