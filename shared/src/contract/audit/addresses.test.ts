import { describe, expect, it } from 'vitest';
import { addressDomain, anAddressAt } from './addresses.js';

describe('what the audit trail keeps of an address', () => {
  it('keeps the domain of a whole address, lower case, and nothing of anything else', () => {
    expect(addressDomain(' Jane.Doe@Client.Example ')).toBe('client.example');
    expect(anAddressAt('client.example')).toBe('(an address at client.example)');
    for (const text of [
      '',
      'my secret password',
      'half@typed',
      '@client.example',
      'a@b@c.example',
      'a b@c.example',
    ]) {
      expect(addressDomain(text), text).toBeNull();
    }
  });
});
