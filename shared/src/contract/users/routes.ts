import { z } from 'zod';
import { defineRoute } from '../route.js';
import { userEndpoints } from './endpoints.js';
import {
  AdminUser,
  CreateUserRequest,
  CreatedUser,
  UpdateUserRoleRequest,
  UpdateUserStatusRequest,
  User,
  UserIdParams,
  V1UpdateUserRequest,
  V1UserIdParams,
} from './schemas.js';

const exampleUser = {
  id: 42,
  email: 'sam.taylor@northwind-it.example',
  firstName: 'Sam',
  lastName: 'Taylor',
  role: 'user' as const,
  status: 'approved' as const,
  profileImageUrl: null,
  isFounder: false,
  createdAt: '2026-11-18T09:00:00.000Z',
  approvedAt: '2026-11-18T09:05:00.000Z',
};

/** Routes of the users, for the admin and the key API. */
export const userRoutes = {
  listUsers: defineRoute(userEndpoints.listUsers, {
    summary: 'Every user, newest first, with how each signs in',
    response: z.array(AdminUser),
  }),
  createUser: defineRoute(userEndpoints.createUser, {
    summary:
      'Creates a user and a one-time invite link (7 days) for setting a password; single sign-on works too',
    body: CreateUserRequest,
    response: CreatedUser,
    successStatus: 201,
  }),
  updateUserStatus: defineRoute(userEndpoints.updateUserStatus, {
    summary: 'Approves or denies a user',
    params: UserIdParams,
    body: UpdateUserStatusRequest,
    response: User,
  }),
  updateUserRole: defineRoute(userEndpoints.updateUserRole, {
    summary: "Changes an approved user's role; the founder's role is locked",
    params: UserIdParams,
    body: UpdateUserRoleRequest,
    response: User,
  }),
  v1ListUsers: defineRoute(userEndpoints.v1ListUsers, {
    summary: 'Every user of the admin portal, newest first',
    response: z.array(User),
    examples: { response: [exampleUser] },
  }),
  v1CreateUser: defineRoute(userEndpoints.v1CreateUser, {
    summary: 'Creates a user, who can then sign in with that email; no key can create an administrator',
    body: CreateUserRequest,
    response: User,
    successStatus: 201,
    examples: {
      body: {
        email: 'sam.taylor@northwind-it.example',
        firstName: 'Sam',
        lastName: 'Taylor',
        role: 'user',
        status: 'approved',
      },
      response: exampleUser,
    },
  }),
  v1UpdateUser: defineRoute(userEndpoints.v1UpdateUser, {
    summary:
      "Changes a user's names, role or status; no key can make or approve an administrator, and a user_manage key cannot change an administrator or touch the founder",
    params: V1UserIdParams,
    body: V1UpdateUserRequest,
    response: User,
    examples: {
      params: { id: '42' },
      body: { status: 'approved', lastName: 'Taylor-Jones' },
      response: { ...exampleUser, lastName: 'Taylor-Jones' },
    },
  }),
};
