import { describe, expect, it } from 'vitest';
import { icuSyntaxError, messageArguments } from './format.js';

describe('messageArguments', () => {
  it('names the arguments of plain, number and plural placeholders, not the text of branches', () => {
    expect(
      messageArguments(
        '{strongestCount, plural, one {Your strongest is} other {Yours are}} {strongest}; {weakest} {weakestCount, plural, one {trails} other {trail}} at {percent, number}%',
      ),
    ).toEqual(['percent', 'strongest', 'strongestCount', 'weakest', 'weakestCount']);
  });

  it('finds arguments nested in branches and tags', () => {
    expect(messageArguments('{kind, select, a {<b>{name}</b>} other {none}}')).toEqual(['kind', 'name']);
  });

  it('answers none for text without placeholders or that does not parse', () => {
    expect(messageArguments('Plain text')).toEqual([]);
    expect(messageArguments('Broken {')).toEqual([]);
    expect(icuSyntaxError('Broken {')).toBeTruthy();
  });
});
