/**
 * What the audit trail keeps of an email address: its domain, never the address. The trail
 * outlives a person's erasure and can never be edited, so it must not hold an address, nor a hash
 * of one (an address is guessed and hashed in no time); a domain names a company, not a person.
 * No zod here: the admin's Audit Log reads old records with the same words.
 */

/** A whole text shaped like an address: one @, a local part, and a domain with a dot inside. */
const ADDRESS = /^[^\s@]+@([^\s@.]+(?:\.[^\s@.]+)+)$/u;

/** The lower-case domain of a text shaped like an email address, or null when it is not one. */
export function addressDomain(text: string): string | null {
  return ADDRESS.exec(text.trim())?.[1]?.toLowerCase() ?? null;
}

/** One address as the trail names it. */
export const anAddressAt = (domain: string): string => `(an address at ${domain})`;
