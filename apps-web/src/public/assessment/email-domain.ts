/**
 * The domain of a typed address, lower-cased, or null while what is typed is not shaped like an
 * address: the share box names it, and a half-typed "anna@" names nothing.
 */
export function emailDomain(address: string): string | null {
  const match = /^[^\s@]+@([^\s@]+\.[^\s@.]+)$/.exec(address.trim());
  return match ? match[1]!.toLowerCase() : null;
}
