import type { Plugin } from '@hapi/hapi';
import { userRoutes } from '@msp/shared';
import type { AppContext } from '../../app-context.js';
import { contractRoute } from '../../http/route-adapter.js';
import { createInvitedUser } from '../invites/invites-service.js';
import { listAdminUsers, setUserRole, setUserStatus } from './users-service.js';

/**
 * User management for approved admins: list, create (with an invite link), approve or deny,
 * change roles. New links for existing users are in the invites plugin.
 */
export const usersPlugin: Plugin<AppContext> = {
  name: 'users',
  register(server, { db, config, jobs }) {
    const extras = { validateResponses: config.validateResponses };
    // Without SMTP the admin copies the link: an .eml file in the outbox would only leave a live
    // credential on disk.
    const sendEmail = config.mail.smtpUrl !== undefined;

    server.route([
      contractRoute(userRoutes.listUsers, () => listAdminUsers(db), extras),
      contractRoute(
        userRoutes.createUser,
        async ({ body, request }) => {
          const created = await createInvitedUser(db, body, {
            founderEmail: config.founderEmail,
            createdBy: request.auth.credentials.user!.id,
            publicUrl: config.publicUrl,
            email: sendEmail,
          });
          if (sendEmail) jobs.nudge();
          return created;
        },
        extras,
      ),
      contractRoute(
        userRoutes.updateUserStatus,
        ({ params, body, request }) =>
          setUserStatus(db, params.userId, body.status, request.auth.credentials.user!.id),
        extras,
      ),
      contractRoute(
        userRoutes.updateUserRole,
        ({ params, body, request }) =>
          setUserRole(db, params.userId, body.role, request.auth.credentials.user!.id),
        extras,
      ),
    ]);
  },
};
