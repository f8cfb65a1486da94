import type {
  ApiClient,
  CreatedUser,
  CreateUserRequest,
  UserInvite,
  UserRole,
  UserStatus,
} from '@msp/shared/browser';
import { queryOptions } from '@tanstack/react-query';
import { queryKey } from '../../../lib/query-keys.js';
import { useApi } from '../../../platform/platform-context.js';
import { useAdminQuery } from '../../api/admin-query.js';
import { useAdminMutation } from '../../api/use-admin-mutation.js';

/** Cache key of the user list: its path, as for every read. */
export const USERS_KEY = queryKey('listUsers');

/** GET /api/admin/users: every user, newest first. */
export const usersQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: USERS_KEY,
    queryFn: ({ signal }) => api.call('listUsers', { signal }),
  });

/** The user list, fetched once the signed-in user is known to be an approved admin. */
export function useUsers() {
  const api = useApi();
  return useAdminQuery(usersQuery(api));
}

/** POST /api/admin/users, toasting the outcome. */
export function useCreateUser({ onCreated }: { onCreated?: (user: CreatedUser) => void } = {}) {
  return useAdminMutation({
    call: (body: CreateUserRequest, { api }) => api.call('createUser', { body }),
    invalidates: [USERS_KEY],
    success: 'User created successfully',
    failure: 'Failed to create user',
    onSuccess: (user) => onCreated?.(user),
  });
}

export interface StatusChange {
  userId: number;
  status: UserStatus;
}

/** PATCH /api/admin/users/{userId}/status: Approve and Deny. */
export function useUpdateUserStatus() {
  return useAdminMutation({
    call: ({ userId, status }: StatusChange, { api }) =>
      api.call('updateUserStatus', { params: { userId }, body: { status } }),
    invalidates: [USERS_KEY],
    success: 'User status updated successfully',
    failure: 'Failed to update user status',
  });
}

export interface RoleChange {
  userId: number;
  role: UserRole;
}

/** PATCH /api/admin/users/{userId}/role: only for approved users other than the founder. */
export function useUpdateUserRole() {
  return useAdminMutation({
    call: ({ userId, role }: RoleChange, { api }) =>
      api.call('updateUserRole', { params: { userId }, body: { role } }),
    invalidates: [USERS_KEY],
    success: 'User role updated successfully',
    failure: 'Failed to update user role',
  });
}

/**
 * POST /api/admin/users/{userId}/invite: a new one-time link (an invite, or a reset when the user
 * has a password). The link is shown, not toasted.
 */
export function useInviteUser({ onIssued }: { onIssued: (invite: UserInvite) => void }) {
  return useAdminMutation({
    call: (userId: number, { api }) => api.call('inviteUser', { params: { userId } }),
    invalidates: [USERS_KEY],
    failure: 'Failed to create the link',
    onSuccess: onIssued,
  });
}
