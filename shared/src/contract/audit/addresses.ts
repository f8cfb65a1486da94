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

/** An address inside a text: what may stand on either side of its @. */
const ADDRESS_IN_TEXT = /[^\s@<>()[\]{}",;:]+@([^\s@<>()[\]{}",;:]+)/gu;

/** A text with each address in it replaced by its domain, as `anAddressAt` names it. */
export function withoutAddresses(text: string): string {
  return text.replace(ADDRESS_IN_TEXT, (_address, domain: string) => {
    // A full stop after an address ends the sentence, not the domain.
    const end = /\.*$/.exec(domain)![0];
    return anAddressAt(domain.slice(0, domain.length - end.length).toLowerCase()) + end;
  });
}

/** The most domains a list of addresses is summed up with. */
const DOMAINS_NAMED = 5;

/**
 * A list of addresses as the trail keeps it: how many, and at which domains ("3 addresses at
 * a.example, b.example"); null for an empty list, which says nothing.
 */
export function addressesInBrief(addresses: readonly string[]): string | null {
  if (addresses.length === 0) return null;
  const count = addresses.length === 1 ? '1 address' : `${addresses.length} addresses`;
  const domains = [...new Set(addresses.map(addressDomain))].filter((domain) => domain !== null).sort();
  if (domains.length === 0) return count;
  const more = domains.length - DOMAINS_NAMED;
  const others = more > 0 ? ` and ${more} more ${more === 1 ? 'domain' : 'domains'}` : '';
  return `${count} at ${domains.slice(0, DOMAINS_NAMED).join(', ')}${others}`;
}
