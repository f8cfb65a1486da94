import { z } from 'zod';

export const UserRole = z.enum(['user', 'admin']);
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

/** The signed-in user, as GET /api/auth/user answers. */
export const CurrentUser = User.pick({
  id: true,
  email: true,
  firstName: true,
  lastName: true,
  role: true,
  status: true,
  profileImageUrl: true,
  isFounder: true,
});
export type CurrentUser = z.infer<typeof CurrentUser>;

const optionalName = z
  .string()
  .trim()
  .max(100, { error: 'must be at most 100 characters' })
  .optional()
  .transform((value) => (value ? value : null));

export const CreateUserRequest = z.strictObject({
  email: z
    .string({ error: 'Please enter a valid email address' })
    .trim()
    .toLowerCase()
    .max(320, { error: 'must be at most 320 characters' })
    .pipe(z.email({ error: 'Please enter a valid email address' })),
  firstName: optionalName,
  lastName: optionalName,
  role: UserRole.default('user'),
  status: UserStatus.default('pending'),
});
export type CreateUserRequest = z.input<typeof CreateUserRequest>;

export const UserIdParams = z.object({
  userId: z.coerce
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .positive({ error: 'must be a positive number' }),
});

export const UpdateUserStatusRequest = z.strictObject({ status: UserStatus });
export const UpdateUserRoleRequest = z.strictObject({ role: UserRole });
