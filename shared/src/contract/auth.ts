import { z } from 'zod';
import { endpoints } from './endpoints.js';
import { defineRoute } from './route.js';
import {
  AdminUser,
  CreatedUser,
  CreateUserRequest,
  CurrentUser,
  UpdateUserRoleRequest,
  UpdateUserStatusRequest,
  User,
  UserIdParams,
  UserInvite,
} from './schemas/users.js';

/** The signed-in user and user management. */
export const authRoutes = {
  getCurrentUser: defineRoute(endpoints.getCurrentUser, {
    summary: 'The signed-in user; 401 when nobody is signed in',
    response: CurrentUser,
  }),
  listUsers: defineRoute(endpoints.listUsers, {
    summary: 'Every user, newest first, with how each signs in',
    response: z.array(AdminUser),
  }),
  createUser: defineRoute(endpoints.createUser, {
    summary:
      'Creates a user and a one-time invite link (7 days) for setting a password; single sign-on works too',
    body: CreateUserRequest,
    response: CreatedUser,
    successStatus: 201,
  }),
  updateUserStatus: defineRoute(endpoints.updateUserStatus, {
    summary: 'Approves or denies a user',
    params: UserIdParams,
    body: UpdateUserStatusRequest,
    response: User,
  }),
  updateUserRole: defineRoute(endpoints.updateUserRole, {
    summary: "Changes an approved user's role; the founder's role is locked",
    params: UserIdParams,
    body: UpdateUserRoleRequest,
    response: User,
  }),
  inviteUser: defineRoute(endpoints.inviteUser, {
    summary:
      'A new one-time link (7 days) for a local user to set a password: an invite, or a reset when one is set; earlier links stop working',
    params: UserIdParams,
    response: UserInvite,
    successStatus: 201,
  }),
};
