import { describe, expect, it } from 'vitest';
import { ContentCache } from './content-cache.js';

/** A load that finishes when told to, so a test can change the cache while it runs. */
function deferredLoad<T>(value: T) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { load: async () => (await done, value), finish };
}

describe('the content cache', () => {
  it('hands a loaded value back at once, and only once it is loaded', async () => {
    const cache = new ContentCache();
    const { load, finish } = deferredLoad('pillars');
    const pending = cache.get('pillars', load);
    expect(cache.peek('pillars')).toBeUndefined();
    finish();
    expect(await pending).toBe('pillars');
    expect(cache.peek('pillars')).toBe('pillars');
  });

  it('forgets every value on a content change, and keeps none a load began before it', async () => {
    const cache = new ContentCache();
    await cache.get('pillars', async () => 'old pillars');
    const { load, finish } = deferredLoad('old questions');
    const loading = cache.get('questions', load);
    cache.invalidate();
    expect(cache.peek('pillars')).toBeUndefined();
    finish();
    await loading;
    expect(cache.peek('questions')).toBeUndefined();
    expect(await cache.get('questions', async () => 'new questions')).toBe('new questions');
    expect(cache.peek('questions')).toBe('new questions');
  });

  it('keeps no failed load, and hands nothing back while it cannot hear other instances', async () => {
    const cache = new ContentCache();
    await expect(cache.get('pillars', () => Promise.reject(new Error('no database')))).rejects.toThrow();
    expect(cache.peek('pillars')).toBeUndefined();
    await cache.get('pillars', async () => 'pillars');
    cache.setEnabled(false);
    expect(cache.peek('pillars')).toBeUndefined();
    expect(await cache.get('pillars', async () => 'from the database')).toBe('from the database');
  });
});
