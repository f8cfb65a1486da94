import type { Plugin, Request } from '@hapi/hapi';
import { userRoutes } from '@msp/shared';
import type { AppContext } from '../../app-context.js';
import { auditWriter } from '../../http/audit-trail.js';
import { contractRoute } from '../../http/route-adapter.js';
import {
  createInvitedUser,
  createUserWithKey,
  listAdminUsers,
  listUsers,
  setUserRole,
  setUserStatus,
  updateUserWithKey,
} from './users-service.js';

/**
 * User management for approved admins (list, create with an invite link, approve or deny, change
 * roles) and for keys with the user_manage permission. New links for existing users are in the
 * invites plugin.
 */
export const usersPlugin: Plugin<AppContext> = {
  name: 'users',
  register(server, { db, config, jobs }) {
    // Without SMTP the admin copies the link: an .eml file in the outbox would only leave a live
    // credential on disk.
    const sendEmail = config.mail.smtpUrl !== undefined;
    // Key routes only run once the strategy has authenticated a key.
    const keyOf = (request: Request) => request.auth.credentials.apiKey!.permission;

    server.route([
      contractRoute(userRoutes.listUsers, () => listAdminUsers(db)),
      contractRoute(userRoutes.createUser, async ({ body, request }) => {
        const created = await createInvitedUser(
          db,
          body,
          {
            founderEmail: config.founderEmail,
            createdBy: request.auth.credentials.user!.id,
            publicUrl: config.publicUrl,
            email: sendEmail,
          },
          auditWriter(request, { summary: body }),
        );
        if (sendEmail) jobs.nudge();
        return created;
      }),
      contractRoute(userRoutes.updateUserStatus, ({ params, body, request }) =>
        setUserStatus(
          db,
          params.userId,
          body.status,
          request.auth.credentials.user!.id,
          auditWriter(request, { targetId: params.userId, summary: body }),
        ),
      ),
      contractRoute(userRoutes.updateUserRole, ({ params, body, request }) =>
        setUserRole(
          db,
          params.userId,
          body.role,
          request.auth.credentials.user!.id,
          auditWriter(request, { targetId: params.userId, summary: body }),
        ),
      ),
      contractRoute(userRoutes.v1ListUsers, () => listUsers(db)),
      contractRoute(userRoutes.v1CreateUser, ({ body, request }) =>
        createUserWithKey(db, body, config.founderEmail, auditWriter(request, { summary: body })),
      ),
      contractRoute(userRoutes.v1UpdateUser, ({ params, body, request }) =>
        updateUserWithKey(
          db,
          params.id,
          body,
          keyOf(request),
          config.founderEmail,
          auditWriter(request, { targetId: params.id, summary: body }),
        ),
      ),
    ]);
  },
};
