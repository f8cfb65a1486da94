import { describe, expect, it } from 'vitest';
import { Slots } from './slots.js';

/** A task that finishes when told to, recording when it started. */
function deferred(started: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { task: () => (started.push(name), done.then(() => name)), finish };
}

describe('Slots', () => {
  it('runs at most its size at once and starts the rest in the order they asked', async () => {
    const slots = new Slots(2);
    const started: string[] = [];
    const tasks = ['a', 'b', 'c', 'd'].map((name) => deferred(started, name));
    const [a, b, c, d] = tasks as [
      (typeof tasks)[0],
      (typeof tasks)[0],
      (typeof tasks)[0],
      (typeof tasks)[0],
    ];
    const results = tasks.map(({ task }) => slots.run(task));
    await Promise.resolve();
    expect(started).toEqual(['a', 'b']);
    b.finish();
    await results[1];
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['a', 'b', 'c']);
    a.finish();
    c.finish();
    d.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('gives the slot back when a task fails', async () => {
    const slots = new Slots(1);
    await expect(slots.run(() => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(await slots.run(async () => 'next')).toBe('next');
  });
});
