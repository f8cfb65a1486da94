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

/** What ends an address inside a text, on either side of its @. */
const OUTSIDE_ADDRESS = /[\s@<>()[\]{}",;:]/u;

/**
 * A text with each address in it replaced by its domain, as `anAddressAt` names it. An address is
 * the longest run on each side of an @ of what `OUTSIDE_ADDRESS` does not match. Walked from @ to
 * @ rather than matched with a regular expression: the expression backtracked over every long run
 * with no @ in it, and a 200,000-character template took the server 40 seconds to summarise.
 */
export function withoutAddresses(text: string): string {
  const inside = (index: number) => index < text.length && !OUTSIDE_ADDRESS.test(text[index]!);
  let kept = '';
  let copied = 0;
  // Where the last address's run ended: the next address starts after it.
  let taken = 0;
  for (let at = text.indexOf('@'); at !== -1; at = text.indexOf('@', at + 1)) {
    let start = at;
    while (start > taken && inside(start - 1)) start -= 1;
    let end = at + 1;
    while (inside(end)) end += 1;
    if (start === at || end === at + 1) continue;
    // A full stop after an address ends the sentence, not the domain.
    const domain = text.slice(at + 1, end).replace(/\.+$/, '');
    kept += text.slice(copied, start) + anAddressAt(domain.toLowerCase());
    copied = at + 1 + domain.length;
    taken = end;
  }
  return kept + text.slice(copied);
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
