import { describe, expect, it } from 'vitest';
import { nextOrder, orderFromParams } from './use-organisations-order.js';
import { trendText } from './organisation-text.js';

describe('the organisations list’s order', () => {
  it('reads the URL, falling back to the most recently active first', () => {
    expect(orderFromParams(new URLSearchParams(''))).toEqual({ sort: 'lastSubmittedAt', direction: 'desc' });
    expect(orderFromParams(new URLSearchParams('sort=trend&direction=asc&search=north'))).toEqual({
      search: 'north',
      sort: 'trend',
      direction: 'asc',
    });
    expect(orderFromParams(new URLSearchParams('sort=bogus&direction=up'))).toEqual({
      sort: 'lastSubmittedAt',
      direction: 'desc',
    });
  });

  it('turns the sorted column around, and starts another at its most telling end', () => {
    const order = { sort: 'members', direction: 'desc' } as const;
    expect(nextOrder(order, 'members')).toEqual({ sort: 'members', direction: 'asc' });
    expect(nextOrder(order, 'domain')).toEqual({ sort: 'domain', direction: 'asc' });
    expect(nextOrder(order, 'teamLevel')).toEqual({ sort: 'teamLevel', direction: 'desc' });
  });

  it('writes a trend with its sign, and a dash before there is one', () => {
    expect([trendText(4.2), trendText(-1), trendText(0), trendText(null)]).toEqual([
      '+4.2 pts',
      '−1.0 pts',
      '±0.0 pts',
      '–',
    ]);
  });
});
