import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addressDomain, addressesInBrief, anAddressAt, withoutAddresses } from './addresses.js';

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

  it('takes every address out of a text, wherever it stands, and leaves the rest as it was', () => {
    expect(
      withoutAddresses('Write to <Jane.Doe@Client.Example>, or "ops@msp.example". Nobody@ here, @handle.'),
    ).toBe(
      'Write to <(an address at client.example)>, or "(an address at msp.example)". Nobody@ here, @handle.',
    );
    expect(withoutAddresses('{"email":"a@b.example","to":["c@d.example"]}')).toBe(
      '{"email":"(an address at b.example)","to":["(an address at d.example)"]}',
    );
    expect(withoutAddresses('mailto:jane@client.example.')).toBe('mailto:(an address at client.example).');
  });

  it('sums a list of addresses up by how many and where, and an empty list to nothing', () => {
    expect(addressesInBrief([])).toBeNull();
    expect(addressesInBrief(['jane@a.example'])).toBe('1 address at a.example');
    expect(addressesInBrief(['b@b.example', 'jane@a.example', 'lee@a.example'])).toBe(
      '3 addresses at a.example, b.example',
    );
    expect(addressesInBrief(['not an address', 'x'])).toBe('2 addresses');
    const many = Array.from({ length: 8 }, (_, index) => `p@d${index}.example`);
    expect(addressesInBrief(many)).toBe(
      '8 addresses at d0.example, d1.example, d2.example, d3.example, d4.example and 3 more domains',
    );
  });
});

describe('withoutAddresses, against the regular expression it replaced', () => {
  const REFERENCE = /[^\s@<>()[\]{}",;:]+@([^\s@<>()[\]{}",;:]+)/gu;
  const reference = (text: string) =>
    text.replace(REFERENCE, (_address, domain: string) => {
      const end = /\.*$/.exec(domain)![0];
      return anAddressAt(domain.slice(0, domain.length - end.length).toLowerCase()) + end;
    });

  it('gives the same text for any mix of addresses, separators and dots', () => {
    const pieces = fc.constantFrom('a', 'B', '.', '@', ' ', '<', '>', ',', '"', 'ü', '😀', 'x.y', '\n');
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 40 }), (parts) => {
        const text = parts.join('');
        expect(withoutAddresses(text)).toBe(reference(text));
      }),
      { numRuns: 2000 },
    );
  });

  it('walks a long text with no address in one pass', () => {
    const long = `<${'p'.repeat(200_000)}>Hello`;
    expect(withoutAddresses(long)).toBe(long);
    expect(withoutAddresses(`${long} jane@client.example`)).toBe(`${long} (an address at client.example)`);
  });
});
