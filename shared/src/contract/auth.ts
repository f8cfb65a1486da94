import { z } from 'zod';
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
  getCurrentUser: defineRoute({
    method: 'GET',
    path: '/api/auth/user',
    auth: 'session',
    summary: 'The signed-in user; 401 when nobody is signed in',
    response: CurrentUser,
  }),
  listUsers: defineRoute({
    method: 'GET',
    path: '/api/admin/users',
    auth: 'admin',
    summary: 'Every user, newest first',
    response: z.array(User),
  }),
  createUser: defineRoute({
    method: 'POST',
    path: '/api/admin/users',
    auth: 'admin',
    summary: 'Creates a user who can then sign in with that email through single sign-on',
    body: CreateUserRequest,
    response: User,
    successStatus: 201,
  }),
  updateUserStatus: defineRoute({
    method: 'PATCH',
    path: '/api/admin/users/{userId}/status',
    auth: 'admin',
    summary: 'Approves or denies a user',
    params: UserIdParams,
    body: UpdateUserStatusRequest,
    response: User,
  }),
  updateUserRole: defineRoute({
    method: 'PATCH',
    path: '/api/admin/users/{userId}/role',
    auth: 'admin',
    summary: "Changes an approved user's role; the founder's role is locked",
    params: UserIdParams,
    body: UpdateUserRoleRequest,
    response: User,
  }),
};
