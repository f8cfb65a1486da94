import type { User, UserRole, UserStatus } from '@msp/shared/browser';

export const ROLE_LABELS: Record<UserRole, string> = { user: 'User', sales: 'Sales', admin: 'Admin' };

/**
 * The role list as the portal says it: what each role's permissions (`ROLE_PERMISSIONS`) let an
 * approved person do. The server enforces them on every call; this only tells.
 */
export const ROLE_DESCRIPTIONS: Record<UserRole, string> = {
  user: 'Reads the submissions and their lead status, owner and notes; changes nothing.',
  sales: 'Reads and works the leads: status, owner, next step and notes. Nothing else in the portal.',
  admin: 'Runs the whole portal: content, users, integrations, exports and the leads.',
};

export const STATUS_LABELS: Record<UserStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  denied: 'Denied',
};

/** "First Last", or null when the user has no name on record. */
export function fullName(user: Pick<User, 'firstName' | 'lastName'>): string | null {
  const name = [user.firstName, user.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name || null;
}

/** Up to two initials for the avatar: from the name, else from the email. */
export function initials(user: Pick<User, 'firstName' | 'lastName' | 'email'>): string {
  const name = fullName(user);
  if (name) {
    const words = name.split(/\s+/);
    return ((words[0]?.[0] ?? '') + (words.length > 1 ? (words.at(-1)?.[0] ?? '') : '')).toUpperCase();
  }
  return (user.email[0] ?? '?').toUpperCase();
}
