import { describe, expect, it } from 'vitest';
import { emailDomain } from './email-domain.js';

describe('emailDomain', () => {
  it('names the domain of an address, lower-cased and trimmed', () => {
    expect(emailDomain(' Anna.Berg@ACME-MSP.example ')).toBe('acme-msp.example');
    expect(emailDomain('ops@it.northwind.co.uk')).toBe('it.northwind.co.uk');
  });

  it('names nothing while the address is unfinished or not one', () => {
    for (const typed of ['', 'anna', 'anna@', 'anna@acme', 'anna@acme.', '@acme.example', 'a b@acme.example'])
      expect(emailDomain(typed)).toBeNull();
  });
});
