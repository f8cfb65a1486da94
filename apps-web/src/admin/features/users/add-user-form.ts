import type { CreateUserRequest } from '@msp/shared/browser';
import { z } from 'zod/mini';

const INVALID_EMAIL = 'Please enter a valid email address';

const optionalName = (label: string) =>
  z.string().check(z.trim(), z.maxLength(100, `${label} must be at most 100 characters`));

/** The Add User form (spec 5): a valid email; optional names; role user and status pending by default. */
export const addUserSchema = z.object({
  email: z.pipe(
    z.string().check(z.trim(), z.maxLength(320, INVALID_EMAIL)),
    z.email({ error: INVALID_EMAIL }),
  ),
  firstName: optionalName('First name'),
  lastName: optionalName('Last name'),
  role: z.enum(['user', 'admin']),
  // An admin creates users as pending or approved; denied is not offered (spec 4).
  status: z.enum(['pending', 'approved']),
});

export type AddUserValues = z.infer<typeof addUserSchema>;

export const ADD_USER_DEFAULTS: AddUserValues = {
  email: '',
  firstName: '',
  lastName: '',
  role: 'user',
  status: 'pending',
};

/** The request body: blank names left out. */
export function toCreateUserRequest(values: AddUserValues): CreateUserRequest {
  return {
    email: values.email,
    ...(values.firstName ? { firstName: values.firstName } : {}),
    ...(values.lastName ? { lastName: values.lastName } : {}),
    role: values.role,
    status: values.status,
  };
}
