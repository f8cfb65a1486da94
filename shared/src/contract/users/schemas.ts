import { z } from 'zod';
import { USER_ROLES } from '../access.js';
import { EmailAddress, IntId, NAME_MAX_LENGTH } from '../common.js';

export const UserRole = z.enum(USER_ROLES);
export type UserRole = z.infer<typeof UserRole>;

export const UserStatus = z.enum(['pending', 'approved', 'denied']);
export type UserStatus = z.infer<typeof UserStatus>;

export const User = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: UserRole,
  status: UserStatus,
  profileImageUrl: z.string().nullable(),
  /** The founder account: always an approved admin, its role locked. */
  isFounder: z.boolean(),
  createdAt: z.string(),
  approvedAt: z.string().nullable(),
});
export type User = z.infer<typeof User>;

/** A user as the admin's user list shows them: with how they can sign in. */
export const AdminUser = User.extend({
  /** A local password is set. */
  hasPassword: z.boolean(),
  /** Has signed in through single sign-on: no invite or password reset applies. */
  usesSingleSignOn: z.boolean(),
});
export type AdminUser = z.infer<typeof AdminUser>;

/** A one-time link for setting a password, shown to the admin once. */
export const UserInvite = z.object({
  /** The whole link; only its hash is stored, so it cannot be shown again. */
  url: z.string(),
  expiresAt: z.string(),
  /** invite: the user has no password yet; reset: a new password replaces the old one. */
  purpose: z.enum(['invite', 'reset']),
  /** Whether the link is also being emailed to the user (only with SMTP configured). */
  emailQueued: z.boolean(),
});
export type UserInvite = z.infer<typeof UserInvite>;

/** A new user with their invite link. */
export const CreatedUser = AdminUser.extend({ invite: UserInvite });
export type CreatedUser = z.infer<typeof CreatedUser>;

const optionalName = z
  .string()
  .trim()
  .max(NAME_MAX_LENGTH, { error: `must be at most ${NAME_MAX_LENGTH} characters` })
  .optional()
  .transform((value) => (value ? value : null));

export const CreateUserRequest = z.strictObject({
  email: EmailAddress,
  firstName: optionalName,
  lastName: optionalName,
  role: UserRole.default('user'),
  status: UserStatus.default('pending'),
});
export type CreateUserRequest = z.input<typeof CreateUserRequest>;

export const UserIdParams = z.object({ userId: IntId });

export const UpdateUserStatusRequest = z.strictObject({ status: UserStatus });
export const UpdateUserRoleRequest = z.strictObject({ role: UserRole });

/** A user's id in the path. */
export const V1UserIdParams = z.object({ id: IntId });

/** A name to set: blank clears it. */
const NameChange = z
  .string({ error: 'must be text or null' })
  .trim()
  .max(NAME_MAX_LENGTH, { error: `must be at most ${NAME_MAX_LENGTH} characters` })
  .nullable()
  .optional()
  .transform((value) => (value === undefined ? undefined : value || null));

/** Changes to a user: any of names, role and status; at least one. */
export const V1UpdateUserRequest = z
  .strictObject({
    firstName: NameChange,
    lastName: NameChange,
    role: UserRole.optional(),
    status: UserStatus.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: 'give at least one of firstName, lastName, role or status',
  });
export type V1UpdateUserRequest = z.input<typeof V1UpdateUserRequest>;
