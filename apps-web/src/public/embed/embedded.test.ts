import { describe, expect, it } from 'vitest';
import { allowedParentOrigins, allowedParentTarget, isEmbedPath, parentOrigin } from './embedded.js';

describe('the embedded mode', () => {
  it('is the pages under /embed only', () => {
    expect(isEmbedPath('/embed')).toBe(true);
    expect(isEmbedPath('/embed/results/abc')).toBe(true);
    expect(isEmbedPath('/embedded')).toBe(false);
    expect(isEmbedPath('/assessment')).toBe(false);
  });

  it('reads the allowed parents from the page head', () => {
    const doc = (content: string | undefined) => ({
      querySelector: () => (content === undefined ? null : { content }),
    });
    expect(allowedParentOrigins(doc('https://a.example http://127.0.0.1:8080') as never)).toEqual([
      'https://a.example',
      'http://127.0.0.1:8080',
    ]);
    expect(allowedParentOrigins(doc('') as never)).toEqual([]);
    expect(allowedParentOrigins(doc(undefined) as never)).toEqual([]);
  });

  it('finds the parent from ancestorOrigins, else from the referrer', () => {
    expect(
      parentOrigin({ ancestorOrigins: { length: 1, 0: 'https://a.example' } }, 'https://b.example/x'),
    ).toBe('https://a.example');
    expect(parentOrigin({}, 'https://b.example/page?q=1')).toBe('https://b.example');
    expect(parentOrigin({}, '')).toBeUndefined();
    expect(parentOrigin({}, 'not a url')).toBeUndefined();
  });

  it('tells only an allowed parent', () => {
    expect(allowedParentTarget('https://a.example', ['https://a.example'])).toBe('https://a.example');
    expect(allowedParentTarget('https://evil.example', ['https://a.example'])).toBeUndefined();
    expect(allowedParentTarget(undefined, ['https://a.example'])).toBeUndefined();
    expect(allowedParentTarget('https://a.example', [])).toBeUndefined();
  });
});
