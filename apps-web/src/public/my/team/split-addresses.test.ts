import { describe, expect, it } from 'vitest';
import { splitAddresses } from './split-addresses.js';

describe('splitAddresses', () => {
  it('reads one address a line, or separated by commas or semicolons', () => {
    expect(
      splitAddresses('bo@acme.example\r\ncy@acme.example, di@acme.example; ed@acme.example\n\n'),
    ).toEqual(['bo@acme.example', 'cy@acme.example', 'di@acme.example', 'ed@acme.example']);
  });

  it('takes the address out of "Name <address>"', () => {
    expect(splitAddresses('Bo Berg <bo@acme.example>; "Cy" <cy@acme.example>')).toEqual([
      'bo@acme.example',
      'cy@acme.example',
    ]);
  });

  it('leaves a single address as it is', () => {
    expect(splitAddresses('  bo@acme.example ')).toEqual(['bo@acme.example']);
    expect(splitAddresses('')).toEqual([]);
  });
});
