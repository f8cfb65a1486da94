import type { Endpoint } from '../access.js';

/** Accounts of the admin portal: the admin's management and the key API's. */
export const userEndpoints = {
  listUsers: { method: 'GET', path: '/api/admin/users', access: 'admin' },
  createUser: { method: 'POST', path: '/api/admin/users', access: 'admin' },
  updateUserStatus: { method: 'PATCH', path: '/api/admin/users/{userId}/status', access: 'admin' },
  updateUserRole: { method: 'PATCH', path: '/api/admin/users/{userId}/role', access: 'admin' },
  v1ListUsers: { method: 'GET', path: '/api/v1/users', access: 'key:read' },
  v1CreateUser: { method: 'POST', path: '/api/v1/users', access: 'key:user_manage' },
  v1UpdateUser: { method: 'PUT', path: '/api/v1/users/{id}', access: 'key:user_manage' },
} as const satisfies Record<string, Endpoint>;
