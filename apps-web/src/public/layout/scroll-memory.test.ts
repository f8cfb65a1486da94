import { describe, expect, it } from 'vitest';
import { entryKey, SCROLL_POSITIONS_KEY, scrollActionFor, ScrollPositions } from './scroll-memory.js';

function memoryStorage(initial?: string) {
  const items = new Map<string, string>(initial === undefined ? [] : [[SCROLL_POSITIONS_KEY, initial]]);
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    items,
  };
}

describe('scroll memory', () => {
  it('names an entry by the router’s key, and the browser’s own entries by their anchor', () => {
    expect(entryKey({ usr: null, key: 'k3x9', idx: 2 }, '')).toBe('k3x9');
    expect(entryKey(null, '')).toBe('default');
    expect(entryKey(null, '#about')).toBe('default#about');
    expect(entryKey({ key: 7 }, '')).toBe('default');
  });

  it('returns to a remembered position only going back or forward', () => {
    expect(scrollActionFor('POP', '', 1200)).toEqual({ kind: 'restore', y: 1200 });
    expect(scrollActionFor('POP', '#about', 0)).toEqual({ kind: 'restore', y: 0 });
    expect(scrollActionFor('PUSH', '', 1200)).toEqual({ kind: 'top' });
    expect(scrollActionFor('REPLACE', '', 1200)).toEqual({ kind: 'top' });
  });

  it('opens a new page at the anchor it asks for, else at its top', () => {
    expect(scrollActionFor('PUSH', '#impact', undefined)).toEqual({ kind: 'anchor', id: 'impact' });
    expect(scrollActionFor('POP', '#caf%C3%A9', undefined)).toEqual({ kind: 'anchor', id: 'café' });
    expect(scrollActionFor('PUSH', '#%E0%A4%A', undefined)).toEqual({ kind: 'anchor', id: '%E0%A4%A' });
    expect(scrollActionFor('PUSH', '#', undefined)).toEqual({ kind: 'top' });
    expect(scrollActionFor('POP', '', undefined)).toEqual({ kind: 'top' });
  });

  it('keeps the positions across a reload, the newest fifty, and ignores what it cannot read', () => {
    const storage = memoryStorage();
    const positions = new ScrollPositions(storage);
    for (let i = 0; i < 60; i += 1) positions.set(`k${i}`, i * 10.4);
    positions.set('k5', 99);
    positions.save();
    const reloaded = new ScrollPositions(storage);
    expect(reloaded.get('k0')).toBeUndefined();
    expect(reloaded.get('k11')).toBe(114);
    expect(reloaded.get('k59')).toBe(614);
    expect(reloaded.get('k5')).toBe(99);

    expect(new ScrollPositions(memoryStorage('not json')).get('k1')).toBeUndefined();
    const mixed = new ScrollPositions(memoryStorage('[["a",10],["b","x"],["c",-5],7]'));
    expect([mixed.get('a'), mixed.get('b'), mixed.get('c')]).toEqual([10, undefined, undefined]);
    expect(new ScrollPositions(undefined).get('a')).toBeUndefined();
  });
});
