import { describe, expect, it } from 'vitest';
import { isAppPath, isPlainClick } from './platform-links.js';

const click = {
  button: 0,
  metaKey: false,
  altKey: false,
  ctrlKey: false,
  shiftKey: false,
  defaultPrevented: false,
};

describe('isPlainClick', () => {
  it('takes over only a plain left click', () => {
    expect(isPlainClick(click)).toBe(true);
    expect(isPlainClick({ ...click, button: 1 })).toBe(false);
    expect(isPlainClick({ ...click, ctrlKey: true })).toBe(false);
    expect(isPlainClick({ ...click, metaKey: true })).toBe(false);
    expect(isPlainClick({ ...click, shiftKey: true })).toBe(false);
    expect(isPlainClick({ ...click, altKey: true })).toBe(false);
    expect(isPlainClick({ ...click, defaultPrevented: true })).toBe(false);
  });
});

describe('isAppPath', () => {
  it('tells the host’s own routes from other addresses', () => {
    expect(isAppPath('/')).toBe(true);
    expect(isAppPath('/matrix')).toBe(true);
    expect(isAppPath('//cdn.example/matrix')).toBe(false);
    expect(isAppPath('https://maturity.example/matrix')).toBe(false);
  });
});
