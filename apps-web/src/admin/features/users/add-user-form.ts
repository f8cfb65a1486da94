import { NAME_MAX_LENGTH, USER_ROLES, type CreateUserRequest } from '@msp/shared/browser';
import { z } from 'zod/mini';
import { emailSchema } from '../../components/form/email-schema.js';
import { ROLE_DESCRIPTIONS, ROLE_LABELS } from './user-labels.js';

const optionalName = (label: string) =>
  z
    .string()
    .check(z.trim(), z.maxLength(NAME_MAX_LENGTH, `${label} must be at most ${NAME_MAX_LENGTH} characters`));

/**
 * The Add User form: a valid email; optional names; role Admin and status Approved by default. The
 * dialog exists to let someone into the portal, and the admin who adds them has approved them by
 * that act: defaults of User and Pending sent an invite that ended on a page saying to wait.
 */
export const addUserSchema = z.object({
  email: emailSchema(),
  firstName: optionalName('First name'),
  lastName: optionalName('Last name'),
  role: z.enum(USER_ROLES),
  // An admin creates users as pending or approved; denied is not offered.
  status: z.enum(['pending', 'approved']),
});

export type AddUserValues = z.infer<typeof addUserSchema>;

export const ADD_USER_DEFAULTS: AddUserValues = {
  email: '',
  firstName: '',
  lastName: '',
  role: 'admin',
  status: 'approved',
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

/**
 * What the chosen role and status let the person do, said beside the role: only an approved admin
 * can open the portal, which the two fields alone do not make plain.
 */
export function accessConsequence(values: Pick<AddUserValues, 'role' | 'status'>): string {
  const can = `${ROLE_LABELS[values.role]}: ${ROLE_DESCRIPTIONS[values.role]}`;
  return values.status === 'approved' ? can : `${can} Not until an administrator approves them in this list.`;
}

/** What the new person can do with their link, for the dialog that shows it. */
export function createdIntro(user: { email: string; status: string }): string {
  return user.status === 'approved'
    ? `${user.email} can open the admin portal once they have set a password with this link.`
    : `${user.email} can set a password with this link, and open the admin portal once approved.`;
}
