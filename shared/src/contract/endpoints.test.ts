import { describe, expect, it } from 'vitest';
import { endpoints } from './endpoints.js';
import { routes } from './index.js';

describe('endpoints', () => {
  it('names every route of the table with the same method and path', () => {
    const fromTable = Object.fromEntries(
      Object.entries(routes).map(([name, route]) => [name, { method: route.method, path: route.path }]),
    );
    expect(endpoints).toEqual(fromTable);
  });
});
