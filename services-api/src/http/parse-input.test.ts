import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseWith } from './parse-input.js';

describe('a request’s input parsed by its contract', () => {
  const Query = z.object({
    lang: z.enum(['en', 'de']).optional(),
    period: z.enum(['day', 'month']).default('month'),
  });

  it('gives a request without a query the schema’s defaults, each its own copy', () => {
    const first = parseWith(Query, {}, 'query') as Record<string, unknown>;
    expect(first).toEqual({ period: 'month' });
    // A handler that changes its query changes no later request's.
    first.period = 'day';
    first.lang = 'de';
    expect(parseWith(Query, {}, 'query')).toEqual({ period: 'month' });
    expect(parseWith(Query, null, 'query')).toEqual({ period: 'month' });
  });

  it('still parses and refuses a query that says something, after one that said nothing', () => {
    expect(parseWith(Query, {}, 'query')).toEqual({ period: 'month' });
    expect(parseWith(Query, { lang: 'de' }, 'query')).toEqual({ lang: 'de', period: 'month' });
    expect(() => parseWith(Query, { lang: 'xx' }, 'query')).toThrow(/lang/);
    expect(() => parseWith(Query, { lang: 'de\u0000' }, 'query')).toThrow(/query\.lang: contains a NUL/);
  });

  it('refuses nothing for a query that requires something, every time', () => {
    const Required = z.object({ q: z.string() });
    for (let i = 0; i < 2; i++) expect(() => parseWith(Required, {}, 'query')).toThrow(/q/);
  });

  it('parses an empty body by its schema, not as an empty query', () => {
    const Items = z.array(z.number());
    const Either = z.union([z.object({}), Items]);
    expect(parseWith(Either, {}, 'query')).toEqual({});
    expect(parseWith(Either, [], '')).toEqual([]);
  });

  it('keeps no parse that a shallow copy would change', () => {
    const WithList = z.object({ tags: z.array(z.string()).default([]) });
    const first = parseWith(WithList, {}, 'query') as { tags: string[] };
    first.tags.push('changed');
    expect(parseWith(WithList, {}, 'query')).toEqual({ tags: [] });
  });
});
