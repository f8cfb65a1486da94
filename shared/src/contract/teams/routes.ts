import { z } from 'zod';
import { LanguageQuery, Uuid } from '../common.js';
import { defineRoute } from '../route.js';
import { teamEndpoints } from './endpoints.js';
import { OrganisationDomainParams, TeamReportPdf, TeamReportQuery } from './report-schemas.js';
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

/**
 * The team routes: the member's view and choices, their invites, the invite's link, and the team
 * report for members, the administrator and the key API.
 */
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
  getTeamReport: defineRoute(teamEndpoints.getTeamReport, {
    summary:
      "The signed-in visitor's team report as a PDF: the team's figures, the spread per pillar and the " +
      'questions the team disagreed on most, naming only members who share; 404 until three members have assessed',
    query: TeamReportQuery,
    response: TeamReportPdf,
    produces: ['application/pdf'],
  }),
  getOrganisationReport: defineRoute(teamEndpoints.getOrganisationReport, {
    summary:
      "An organisation's team report as a PDF, listing every member; 404 for a personal domain or one nobody assessed from",
    params: OrganisationDomainParams,
    query: TeamReportQuery,
    response: TeamReportPdf,
    produces: ['application/pdf'],
  }),
  v1GetOrganisationReport: defineRoute(teamEndpoints.v1GetOrganisationReport, {
    summary:
      "An organisation's team report as a PDF: its members' latest assessments together (the mean and the spread " +
      'of each pillar, per role, over the months), the questions its members disagreed on most, and every member; ' +
      '404 for a personal email domain or one nobody assessed from',
    params: OrganisationDomainParams,
    query: TeamReportQuery,
    response: TeamReportPdf,
    produces: ['application/pdf'],
    examples: {
      params: { domain: 'northwind-it.example' },
      query: { lang: 'en', paper: 'a4' },
      response: '%PDF-1.7 … (the team report, as application/pdf)',
    },
  }),
};
