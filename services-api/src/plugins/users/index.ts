import Boom from '@hapi/boom';
import type { Plugin } from '@hapi/hapi';
import { authRoutes, type User } from '@msp/shared';
import type { AppContext } from '../../app-context.js';
import type { Database } from '../../db/knex.js';
import { contractRoute } from '../../http/route-adapter.js';
import {
  findUserByEmail,
  findUserById,
  founderOverrides,
  toUser,
  type UserRow,
} from '../users/users-service.js';

async function requireUser(db: Database, id: number): Promise<UserRow> {
  const user = await findUserById(db, id);
  if (!user) throw Boom.notFound('User not found');
  return user;
}

/** User management for approved admins: list, create, approve or deny, change roles. */
export const usersPlugin: Plugin<AppContext> = {
  name: 'users',
  register(server, { db, config }) {
    const extras = { validateResponses: config.validateResponses };

    server.route([
      contractRoute(
        authRoutes.listUsers,
        async () => {
          const rows = await db<UserRow>('users').orderBy([
            { column: 'created_at', order: 'desc' },
            { column: 'id', order: 'desc' },
          ]);
          return rows.map(toUser);
        },
        extras,
      ),
      contractRoute(
        authRoutes.createUser,
        async ({ body }): Promise<User> => {
          if (await findUserByEmail(db, body.email))
            throw Boom.conflict('A user with this email already exists');
          const founder = founderOverrides(body.email, config.founderEmail);
          const status = founder?.status ?? body.status;
          const [row] = await db<UserRow>('users')
            .insert({
              email: body.email,
              first_name: body.firstName,
              last_name: body.lastName,
              role: founder?.role ?? body.role,
              status,
              is_founder: founder?.is_founder ?? false,
              approved_at: status === 'approved' ? new Date() : null,
            } as never)
            .returning('*');
          return toUser(row!);
        },
        extras,
      ),
      contractRoute(
        authRoutes.updateUserStatus,
        async ({ params, body, request }) => {
          const user = await requireUser(db, params.userId);
          if (user.is_founder && body.status !== 'approved') {
            throw Boom.conflict('The founder account is always approved');
          }
          if (user.id === request.auth.credentials.user!.id && body.status !== 'approved') {
            throw Boom.conflict('You cannot change your own status');
          }
          const [row] = await db<UserRow>('users')
            .where({ id: user.id })
            .update({
              status: body.status,
              approved_at: body.status === 'approved' ? (user.approved_at ?? new Date()) : user.approved_at,
              updated_at: new Date(),
            } as never)
            .returning('*');
          return toUser(row!);
        },
        extras,
      ),
      contractRoute(
        authRoutes.updateUserRole,
        async ({ params, body, request }) => {
          const user = await requireUser(db, params.userId);
          if (user.is_founder) throw Boom.conflict("The founder's role cannot be changed");
          if (user.status !== 'approved')
            throw Boom.conflict('Only approved users can have their role changed');
          if (user.id === request.auth.credentials.user!.id)
            throw Boom.conflict('You cannot change your own role');
          const [row] = await db<UserRow>('users')
            .where({ id: user.id })
            .update({ role: body.role, updated_at: new Date() } as never)
            .returning('*');
          return toUser(row!);
        },
        extras,
      ),
    ]);
  },
};
