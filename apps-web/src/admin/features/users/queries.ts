import { Intent } from '@blueprintjs/core';
import {
  endpoints,
  type ApiClient,
  type CreatedUser,
  type CreateUserRequest,
  type UserInvite,
  type UserRole,
  type UserStatus,
} from '@msp/shared/browser';
import { queryOptions } from '@tanstack/react-query';
import { useApi } from '../../../platform/platform-context.js';
import { useToast } from '../../../lib/toasts.js';
import { useErrorToast } from '../../api/use-error-toast.js';
import { useAdminMutation, useAdminQuery } from '../../api/admin-query.js';

/** Cache key of the user list: its path (spec 7). */
export const USERS_KEY = [endpoints.listUsers.path] as const;

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

/** POST /api/admin/users, toasting the outcome (spec 8). */
export function useCreateUser({ onCreated }: { onCreated?: (user: CreatedUser) => void } = {}) {
  const api = useApi();
  const { show } = useToast();
  const toastError = useErrorToast();
  return useAdminMutation({
    mutationFn: (body: CreateUserRequest) => api.call('createUser', { body }),
    invalidates: [USERS_KEY],
    onSuccess: (user) => {
      show({ title: 'User created successfully', intent: Intent.SUCCESS });
      onCreated?.(user);
    },
    onError: (error) => toastError(error, 'Failed to create user'),
  });
}

export interface StatusChange {
  userId: number;
  status: UserStatus;
}

/** PATCH /api/admin/users/{userId}/status: Approve and Deny. */
export function useUpdateUserStatus() {
  const api = useApi();
  const { show } = useToast();
  const toastError = useErrorToast();
  return useAdminMutation({
    mutationFn: ({ userId, status }: StatusChange) =>
      api.call('updateUserStatus', { params: { userId }, body: { status } }),
    invalidates: [USERS_KEY],
    onSuccess: () => show({ title: 'User status updated successfully', intent: Intent.SUCCESS }),
    onError: (error) => toastError(error, 'Failed to update user status'),
  });
}

export interface RoleChange {
  userId: number;
  role: UserRole;
}

/** PATCH /api/admin/users/{userId}/role: only for approved users other than the founder. */
export function useUpdateUserRole() {
  const api = useApi();
  const { show } = useToast();
  const toastError = useErrorToast();
  return useAdminMutation({
    mutationFn: ({ userId, role }: RoleChange) =>
      api.call('updateUserRole', { params: { userId }, body: { role } }),
    invalidates: [USERS_KEY],
    onSuccess: () => show({ title: 'User role updated successfully', intent: Intent.SUCCESS }),
    onError: (error) => toastError(error, 'Failed to update user role'),
  });
}

/**
 * POST /api/admin/users/{userId}/invite: a new one-time link (an invite, or a reset when the user
 * has a password). The link is shown, not toasted.
 */
export function useInviteUser({ onIssued }: { onIssued: (invite: UserInvite) => void }) {
  const api = useApi();
  const toastError = useErrorToast();
  return useAdminMutation({
    mutationFn: (userId: number) => api.call('inviteUser', { params: { userId } }),
    invalidates: [USERS_KEY],
    onSuccess: onIssued,
    onError: (error) => toastError(error, 'Failed to create the link'),
  });
}
