import { API_KEY_PERMISSION_INFO } from '@msp/shared';
import { API_KEY_PERMISSIONS, type ApiKeyPermission } from '@msp/shared/browser';

export { API_KEY_PERMISSION_INFO };

/** The permission levels in the order they include each other: read < user_manage < admin. */
export const PERMISSION_LEVELS: readonly ApiKeyPermission[] = API_KEY_PERMISSIONS;

/**
 * How a key's permissions read in the table: the label admins know for each (a key holds exactly
 * one), or the raw value for one this screen does not know.
 */
export function permissionLabels(permissions: readonly string[]): string[] {
  return permissions.map((permission) =>
    permission in API_KEY_PERMISSION_INFO
      ? API_KEY_PERMISSION_INFO[permission as ApiKeyPermission].label
      : permission,
  );
}
