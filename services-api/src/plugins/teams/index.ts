import type { Plugin, Request } from '@hapi/hapi';
import { teamRoutes } from '@msp/shared';
import type { AppContext } from '../../app-context.js';
import { InvalidFieldError, NotFoundError } from '../../domain/errors.js';
import { clientAddress } from '../../http/client-address.js';
import { consumeOrRefuse } from '../../http/rate-limit.js';
import { contractRoute, PERSONAL_DATA } from '../../http/route-adapter.js';
import { readActiveDemographicFields } from '../demographic-fields/demographic-fields-service.js';
import { readLanguageTexts } from '../languages/languages-service.js';
import { VisitorSessions } from '../../db/visitor-sessions.js';
import { teamInviteHandler } from './team-invite-email.js';
import {
  acceptInvite,
  createInvites,
  listInvites,
  resendInvite,
  revokeInvite,
  roleChoicesOf,
  roleOptionsOf,
} from './team-invites.js';
import { TeamReports } from './team-report.js';
import { teamReportRoutes } from './team-report-routes.js';
import { organisationOf, readTeamView, updateMembership } from './team-view.js';

/**
 * Invites: a member asks colleagues in, a few dozen at a time, now and then. More from one address
 * in a day is someone using the server to send mail; each resend counts as an invite.
 */
const INVITES_PER_MEMBER_PER_DAY = 200;
const ACCEPTS_PER_CLIENT_PER_HOUR = 30;
const TOO_MANY_INVITES = 'Too many invites sent today. Please try again tomorrow.';
const TOO_MANY_ACCEPTS = 'Too many invite links tried. Please try again later.';

const visitorOf = (request: Request) => request.auth.credentials.visitor!.email;

/**
 * Teams (issue 40): a verified visitor at a company domain invites colleagues, each by an emailed
 * link that verifies them and opens the assessment with the company's answers; members see the
 * team's figures at /my/team and choose whether colleagues see their name, and download the team
 * report (team-report-routes.ts). A session reaches only its own organisation and its own
 * invites: any other id answers not found.
 */
export const teamsPlugin: Plugin<AppContext> = {
  name: 'teams',
  dependencies: ['visitor'],
  register(server, ctx) {
    const { db, cache, config, jobs, limits, mailer, logger } = ctx;
    const sessions = new VisitorSessions(db);
    jobs.handle(
      'team_invite',
      teamInviteHandler({
        db,
        cache,
        mailer,
        publicUrl: config.publicUrl,
        productName: config.productName,
        logger,
      }),
    );
    const invitesPerMember = limits.limiter({
      keyPrefix: 'team-invites-member',
      points: INVITES_PER_MEMBER_PER_DAY,
      duration: 24 * 60 * 60,
    });
    const acceptsPerClient = limits.limiter({
      keyPrefix: 'team-invite-accept-client',
      points: ACCEPTS_PER_CLIENT_PER_HOUR,
      duration: 60 * 60,
    });

    /** The role question's answers, which an invite may name. */
    const roleOptions = async () => roleOptionsOf(await readActiveDemographicFields(db, cache));

    /** The member's organisation; a personal address has none, and so no team to invite to. */
    const organisationOrRefuse = (email: string) => {
      const domain = organisationOf(email);
      if (!domain) throw new NotFoundError('A personal email address has no team');
      return domain;
    };

    server.route([
      contractRoute(
        teamRoutes.getTeam,
        async ({ query, request }) => {
          const texts = await readLanguageTexts(db, cache, query.lang);
          const roles = roleChoicesOf(await readActiveDemographicFields(db, cache), texts);
          return readTeamView(db, visitorOf(request), texts, roles);
        },
        { options: PERSONAL_DATA },
      ),
      contractRoute(
        teamRoutes.updateTeamMembership,
        async ({ body, request }) => {
          const email = visitorOf(request);
          return updateMembership(db, email, organisationOrRefuse(email), body);
        },
        { options: PERSONAL_DATA },
      ),
      contractRoute(
        teamRoutes.listTeamInvites,
        async ({ request }) => ({ invites: await listInvites(db, visitorOf(request)) }),
        {
          options: PERSONAL_DATA,
        },
      ),
      contractRoute(
        teamRoutes.createTeamInvites,
        async ({ body, request }) => {
          const inviter = visitorOf(request);
          const domain = organisationOrRefuse(inviter);
          await consumeOrRefuse(invitesPerMember, inviter, TOO_MANY_INVITES, body.invites.length);
          const texts = await readLanguageTexts(db, cache, body.lang);
          const invites = await createInvites(
            db,
            { inviter, domain, language: texts.language, invites: body.invites },
            await roleOptions(),
          );
          jobs.nudge();
          return { invites };
        },
        { options: PERSONAL_DATA },
      ),
      contractRoute(
        teamRoutes.resendTeamInvite,
        async ({ params, request }) => {
          const inviter = visitorOf(request);
          await consumeOrRefuse(invitesPerMember, inviter, TOO_MANY_INVITES);
          const invite = await resendInvite(db, inviter, params.inviteId);
          jobs.nudge();
          return invite;
        },
        { options: PERSONAL_DATA },
      ),
      contractRoute(
        teamRoutes.revokeTeamInvite,
        async ({ params, request }) => revokeInvite(db, visitorOf(request), params.inviteId),
        { options: PERSONAL_DATA },
      ),
      contractRoute(
        teamRoutes.acceptTeamInvite,
        async ({ body, request }) => {
          await consumeOrRefuse(acceptsPerClient, clientAddress(request), TOO_MANY_ACCEPTS);
          const accepted = await acceptInvite(db, body.token);
          if (!accepted)
            throw new InvalidFieldError(
              'token',
              'this invite link has expired, was withdrawn or was already used',
            );
          // The colleague is verified: a session of their own, as a sign-in link starts one.
          request.visitorCookieAuth.set({ sid: await sessions.start(db, accepted.email) });
          return accepted;
        },
        { options: PERSONAL_DATA },
      ),
    ]);
    server.route(teamReportRoutes(ctx, new TeamReports({ db, cache, config }, ctx.reports)));
  },
};
