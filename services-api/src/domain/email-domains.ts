import { createHash } from 'node:crypto';
import freeMailDomains from 'email-providers';
import mailchecker from 'mailchecker';

/**
 * The maintained lists that say a domain is personal, not a company's: free-mail providers
 * (`email-providers`, the common and the long tail) and disposable ones (`mailchecker`). Updating
 * either package updates the lists; nothing here is written by hand.
 */
let personal: ReadonlySet<string> | null = null;
let stamp: string | null = null;

/** Every personal domain of both lists, lower case; built once, on first use. */
export function personalDomains(): ReadonlySet<string> {
  personal ??= new Set([...freeMailDomains, ...mailchecker.blacklist()].map((d) => d.toLowerCase()));
  return personal;
}

/** A digest of the lists' content: the database refills its copy when it differs. */
export function personalDomainsStamp(): string {
  stamp ??= createHash('sha256')
    .update([...personalDomains()].sort().join('\n'))
    .digest('hex')
    .slice(0, 32);
  return stamp;
}

/** `a.b.example.com`, `b.example.com`, `example.com`, `com`: a list names a provider at any of them. */
export function domainSuffixes(domain: string): string[] {
  const labels = domain.toLowerCase().split('.');
  return labels.map((_, index) => labels.slice(index).join('.'));
}

/**
 * Whether addresses at `domain` are personal (free-mail or disposable): such a domain never forms
 * an organisation, and its visitor takes the assessment alone. A subdomain of a listed one is too.
 */
export function isPersonalDomain(domain: string): boolean {
  const list = personalDomains();
  return domainSuffixes(domain).some((suffix) => list.has(suffix));
}

/** The lower-case part after the last @ of an email, or null when there is none. */
export function emailDomainOf(email: string): string | null {
  const at = email.lastIndexOf('@');
  const domain =
    at < 0
      ? ''
      : email
          .slice(at + 1)
          .trim()
          .toLowerCase();
  return domain || null;
}

/**
 * The organisation a domain forms: the domain itself, or null where there is none or it is
 * personal (free-mail, disposable). The one rule the submit, the team view, the webhook and the
 * operator's views apply.
 */
export function organisationDomain(domain: string | null): string | null {
  return domain && !isPersonalDomain(domain) ? domain : null;
}
