import type { Plugin } from '@hapi/hapi';
import { authRoutes } from '@msp/shared';
import type { AppContext } from '../../app-context.js';
import { contractRoute } from '../../http/route-adapter.js';
import { createUser, listUsers, setUserRole, setUserStatus } from './users-service.js';

/** User management for approved admins: list, create, approve or deny, change roles. */
export const usersPlugin: Plugin<AppContext> = {
  name: 'users',
  register(server, { db, config }) {
    const extras = { validateResponses: config.validateResponses };

    server.route([
      contractRoute(authRoutes.listUsers, () => listUsers(db), extras),
      contractRoute(authRoutes.createUser, ({ body }) => createUser(db, body, config.founderEmail), extras),
      contractRoute(
        authRoutes.updateUserStatus,
        ({ params, body, request }) =>
          setUserStatus(db, params.userId, body.status, request.auth.credentials.user!.id),
        extras,
      ),
      contractRoute(
        authRoutes.updateUserRole,
        ({ params, body, request }) =>
          setUserRole(db, params.userId, body.role, request.auth.credentials.user!.id),
        extras,
      ),
    ]);
  },
};
