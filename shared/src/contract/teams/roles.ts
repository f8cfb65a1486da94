import type { TeamRoleChoice } from './schemas.js';

/**
 * A stored role (the default language's text of a "role" answer) in the choices' language; a role
 * no longer among the answers, as it was stored.
 */
export function roleLabelOf(choices: readonly TeamRoleChoice[], role: string): string {
  return choices.find((choice) => choice.value === role)?.label ?? role;
}
