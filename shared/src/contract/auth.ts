import { z } from 'zod';
import { endpoints } from './endpoints.js';
import { defineRoute } from './route.js';
import {
  CreateUserRequest,
  CurrentUser,
  UpdateUserRoleRequest,
  UpdateUserStatusRequest,
  User,
  UserIdParams,
} from './schemas/users.js';

/** The signed-in user and user management. */
export const authRoutes = {
  getCurrentUser: defineRoute(endpoints.getCurrentUser, {
    summary: 'The signed-in user; 401 when nobody is signed in',
    response: CurrentUser,
  }),
  listUsers: defineRoute(endpoints.listUsers, {
    summary: 'Every user, newest first',
    response: z.array(User),
  }),
  createUser: defineRoute(endpoints.createUser, {
    summary: 'Creates a user who can then sign in with that email through single sign-on',
    body: CreateUserRequest,
    response: User,
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
};
