import { describe, expect, it } from 'vitest';
import { domainSuffixes, isPersonalDomain } from './email-domains.js';

describe('personal domains', () => {
  it('knows free-mail and disposable providers, and their subdomains, from the maintained lists', () => {
    for (const domain of [
      'gmail.com',
      'web.de',
      'outlook.com',
      'mailinator.com',
      'eu.mailinator.com',
      'GMX.DE',
    ])
      expect(isPersonalDomain(domain), domain).toBe(true);
    for (const domain of ['acme-msp.com', 'example.co.uk', 'it.acme-msp.de'])
      expect(isPersonalDomain(domain), domain).toBe(false);
  });

  it('walks a domain up to its top level', () => {
    expect(domainSuffixes('a.B.example.com')).toEqual([
      'a.b.example.com',
      'b.example.com',
      'example.com',
      'com',
    ]);
  });
});
