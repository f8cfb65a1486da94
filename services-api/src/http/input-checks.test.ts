import { INPUT_MAX_DEPTH, routes } from '@msp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/test-app.js';
import { testDatabaseKinds } from '../test/test-database.js';
import { findInputFault, TOO_DEEP, UNSTORABLE_TEXT } from './input-checks.js';

/** `levels` objects one inside the other, built without recursion: `{ a: { a: … 1 … } }`. */
function nested(levels: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
}

describe('findInputFault', () => {
  it('takes input as deep as the limit', () => {
    expect(findInputFault(nested(INPUT_MAX_DEPTH))).toBeNull();
  });

  it('refuses one level more, naming the path to the object past the limit', () => {
    const fault = findInputFault({ demographicData: nested(INPUT_MAX_DEPTH) });
    expect(fault).toEqual({ path: `demographicData${'.a'.repeat(INPUT_MAX_DEPTH - 1)}`, problem: TOO_DEEP });
  });

  it('walks a million levels without using up the stack, and stops at the limit', () => {
    expect(findInputFault(nested(1_000_000), 'query')?.problem).toBe(TOO_DEEP);
  });

  it('finds text PostgreSQL cannot store, the first in the input first, keys too', () => {
    const input = { a: ['ok', { b: 'x\u0000' }], c: '\uD800' };
    expect(findInputFault(input)).toEqual({ path: 'a.1.b', problem: UNSTORABLE_TEXT });
    expect(findInputFault({ a: { 'bad\u0000': 1 } }, 'query')).toEqual({
      path: 'query.a.(key)',
      problem: UNSTORABLE_TEXT,
    });
    expect(findInputFault({ a: [{ b: 'fine' }], c: 'fine too' })).toBeNull();
  });
});

describe.each(testDatabaseKinds)('a refused body still costs its sender on $name', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind, {
      jobs: { run: false },
      config: { submitRateLimitPerMinute: 3, eventRateLimitPerMinute: 2 },
    });
  });
  afterAll(() => app?.close());

  const deepBody = (field: string) => `{"${field}":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`;
  const post = (url: string, payload: string) =>
    app.server.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json' } });

  it('counts nested submissions against the submit limit, then answers 429 with Retry-After', async () => {
    for (let i = 0; i < 3; i++) {
      const refused = await post(routes.submitAssessment.path, deepBody('demographicData'));
      expect(refused.statusCode).toBe(400);
      expect(JSON.parse(refused.payload)).toMatchObject({ message: expect.stringContaining(TOO_DEEP) });
    }
    const limited = await post(routes.submitAssessment.path, deepBody('demographicData'));
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number((await app.db('submissions').count({ n: '*' }).first())?.n)).toBe(0);
  });

  it('counts broken funnel events against the event limit', async () => {
    for (let i = 0; i < 2; i++) {
      expect((await post(routes.recordFunnelEvent.path, '{"step":"nonsense"}')).statusCode).toBe(400);
    }
    expect((await post(routes.recordFunnelEvent.path, '{"step":"landing"}')).statusCode).toBe(429);
  });
});
