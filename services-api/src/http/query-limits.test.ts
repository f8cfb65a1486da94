import { allRoutes, FIRST_DAY, keyPermissionOf, LAST_DAY } from '@msp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bearer, createTestApiKey } from '../test/api-key-helpers.js';
import { createTestUser, signedInAs, visitorHeaders } from '../test/auth-helpers.js';
import { unwrap, type AnyRoute, type JsonSchema } from '../test/route-schemas.js';
import { connectionsInUse, startTestApp, type TestApp } from '../test/test-app.js';
import { testDatabaseKinds } from '../test/test-database.js';

/**
 * Every query parameter of every read route, /api/v1 included, sent values its schema or the
 * database cannot take: days out of the range PostgreSQL and the day arithmetic accept, malformed
 * days, numbers out of range or not plain digits, unknown choices, text past its limit or carrying
 * NUL, a repeated parameter, broken percent-encoding and an unknown parameter. What the schema
 * refuses must answer 400 naming the parameter; nothing may answer 5xx. The parameters come from
 * each route's query schema, so a new one is covered as soon as it is in the contract.
 */
type ReadCase = { value: string; expect: 'refused' | 'no-server-error' };

const BAD_DAYS = [
  '0000-01-01',
  '9999-12-31',
  '10000-01-01',
  '-0001-01-01',
  '2026-02-30',
  '2026-13-01',
  '2026-1-1',
  ' 2026-01-01',
  '20260101',
  '2026-01-01T00:00:00Z',
  'yesterday',
];
const BAD_WHOLE_NUMBERS = [
  '0',
  '-1',
  '2147483648',
  '99999999999999999999',
  '1.5',
  '1e3',
  '0x10',
  ' 1',
  'NaN',
];
/** Percent-encoding that decodes to nothing valid, or to a NUL, sent raw. */
const RAW_BROKEN_ENCODINGS = ['%', '%ZZ', '%ED%A0%80', '%C0%80', '%FF', '%00'];

function readCasesFor(schema: JsonSchema | undefined): ReadCase[] {
  const refused = (value: string): ReadCase => ({ value, expect: 'refused' });
  const cases: ReadCase[] = [refused('a\u0000b')];
  const node = schema ? unwrap(schema) : undefined;
  const values = node?.enum;
  if (node?.format === 'date') {
    cases.push(...BAD_DAYS.map(refused));
    // The first and last day the contract takes must fit the database and the day arithmetic.
    cases.push(...[FIRST_DAY, LAST_DAY].map((value) => ({ value, expect: 'no-server-error' as const })));
  }
  if (node?.type === 'integer' || node?.type === 'number') cases.push(...BAD_WHOLE_NUMBERS.map(refused));
  if (values) cases.push(refused('maybe'), refused(''));
  if (node?.maxLength !== undefined) {
    cases.push(refused('x'.repeat(node.maxLength + 1)));
    cases.push({ value: 'x'.repeat(node.maxLength), expect: 'no-server-error' });
  }
  // Text a schema may take as it is (a search, a domain): whatever it does, never a 5xx.
  cases.push(
    ...['%', '_', "'", '\\', '\u{1F600}', 'ä'.repeat(50)].map((value) => ({
      value,
      expect: 'no-server-error' as const,
    })),
  );
  return cases;
}

/** A query parameter whose name says it holds a day: it must be one the contract bounds. */
const DAY_NAME = /^(from|to|since|until)$|(Date|Day)$/;

/** A route's query parameters, from its schema. */
function queryOf(route: AnyRoute): JsonSchema | undefined {
  return route.query
    ? (z.toJSONSchema(route.query, { io: 'input', unrepresentable: 'any' }) as JsonSchema)
    : undefined;
}

/** The day parameters of a route, in the order of its schema: a range's start, then its end. */
const dayParameters = (route: AnyRoute): string[] =>
  Object.entries(queryOf(route)?.properties ?? {})
    .filter(([, schema]) => unwrap(schema).format === 'date')
    .map(([param]) => param);

/**
 * Both ends of a range at once. Each day the contract takes, at either end, against the other end
 * at either bound, must fit the database and the day arithmetic (a wrong order or too long a
 * range may be refused, never a 5xx); a day it refuses is refused and named whatever the other end.
 */
function rangeCases([start, end]: string[]): { query: string; expect: ReadCase['expect']; field?: string }[] {
  const bounds = [FIRST_DAY, LAST_DAY, '2026-06-15'];
  const query = (first: string, last: string) =>
    `${start}=${encodeURIComponent(first)}&${end}=${encodeURIComponent(last)}`;
  return [
    ...bounds.flatMap((first) =>
      bounds.map((last) => ({ query: query(first, last), expect: 'no-server-error' as const })),
    ),
    ...BAD_DAYS.flatMap((bad) =>
      [FIRST_DAY, LAST_DAY].flatMap((good) => [
        { query: query(bad, good), expect: 'refused' as const, field: `query.${start}` },
        { query: query(good, bad), expect: 'refused' as const, field: `query.${end}` },
      ]),
    ),
  ];
}

type ReadRouteName = {
  [K in keyof typeof allRoutes]: (typeof allRoutes)[K]['method'] extends 'GET' ? K : never;
}[keyof typeof allRoutes];

const readRoutes = (Object.keys(allRoutes) as (keyof typeof allRoutes)[]).filter(
  (name) => allRoutes[name].method === 'GET',
) as ReadRouteName[];

/** Query parameters a read route requires, each with a well-formed value (a reminder link's token). */
const REQUIRED_QUERY: Partial<Record<string, Record<string, string>>> = {
  getReminderPreferences: { token: `${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}.${'x'.repeat(32)}` },
};

describe.each(testDatabaseKinds)(
  'input limits on every query parameter of every read route on $name',
  (kind) => {
    let app: TestApp;
    let headers: Record<string, string>;
    let keyHeaders: Record<string, string>;
    /** Visitor routes, with a verified visitor's session. */
    let visitorAuth: Record<string, string>;

    beforeAll(async () => {
      // Every bad value of every key route is a request of one key: more than its default minute allows.
      app = await startTestApp(kind, { jobs: { run: false }, config: { apiRateLimitPerMinute: 10_000 } });
      headers = (await signedInAs(app, await createTestUser(app.db, { role: 'admin', status: 'approved' })))
        .headers;
      keyHeaders = bearer((await createTestApiKey(app, 'admin')).token);
      visitorAuth = await visitorHeaders(app.server, 'visitor@msp.example');
    });
    afterAll(() => app?.close());

    /** A path with each parameter filled by a value its schema takes (a missing row answers 404). */
    function pathOf(route: AnyRoute): string {
      const params =
        'params' in route && route.params
          ? (z.toJSONSchema(route.params, { io: 'input', unrepresentable: 'any' }) as JsonSchema)
          : undefined;
      return route.path.replace(/\{(\w+)\??\}/g, (_, name: string) => {
        const schema = params?.properties?.[name] as
          { format?: string; pattern?: string; examples?: unknown[] } | undefined;
        // A parameter that is not an id (a language tag, a text's unit id) says what it takes.
        if (schema?.examples?.[0] !== undefined) return String(schema.examples[0]);
        return schema?.format === 'uuid' ? '00000000-0000-4000-8000-000000000000' : '1';
      });
    }

    const get = (route: AnyRoute, rawQuery: string) =>
      app.server.inject({
        method: 'GET',
        url: `${pathOf(route)}${rawQuery ? `?${rawQuery}` : ''}`,
        headers: keyPermissionOf(route.access)
          ? keyHeaders
          : route.access === 'visitor'
            ? visitorAuth
            : headers,
      });

    const expectAnswer = async (
      route: AnyRoute,
      name: string,
      rawQuery: string,
      expectation: ReadCase['expect'],
      field?: string,
    ) => {
      const response = await get(route, rawQuery);
      const where = `${name} ?${rawQuery.slice(0, 120)}: ${response.statusCode} ${response.payload.slice(0, 200)}`;
      expect(response.statusCode, where).toBeLessThan(500);
      if (expectation === 'no-server-error') return;
      expect(response.statusCode, where).toBe(400);
      if (field && String(response.headers['content-type']).includes('application/json')) {
        expect((JSON.parse(response.payload) as { field?: string }).field, where).toBe(field);
      }
    };

    it('has read routes with query parameters, /api/v1 among them', () => {
      const withQuery = readRoutes.filter((name) => (allRoutes[name] as AnyRoute).query);
      expect(withQuery).toEqual(
        expect.arrayContaining(['v1ListSubmissions', 'v1SearchSubmissions', 'listSubmissions']),
      );
    });

    it('takes every day in a query as a day the contract bounds, so the cases below reach it', () => {
      const named = readRoutes.flatMap((name) =>
        Object.keys(queryOf(allRoutes[name] as AnyRoute)?.properties ?? {})
          .filter((param) => DAY_NAME.test(param))
          .map((param) => `${name}.${param}`),
      );
      const bounded = readRoutes.flatMap((name) =>
        dayParameters(allRoutes[name] as AnyRoute).map((param) => `${name}.${param}`),
      );
      expect(named).toEqual(expect.arrayContaining(['getFunnel.from', 'v1GetFunnel.to']));
      expect(bounded).toEqual(named);
    });

    // A route may take two ranges (the submissions list: when submitted, when the next step is), each a pair.
    const rangeRoutes = readRoutes.filter((name) => {
      const days = dayParameters(allRoutes[name] as AnyRoute).length;
      return days > 0 && days % 2 === 0;
    });
    const pairsOf = (days: string[]) =>
      days.flatMap((day, index) => (index % 2 ? [] : [[day, days[index + 1]!]]));

    it.each(rangeRoutes)(
      '%s answers both ends of a range, at and past the bounds, below 500',
      async (name) => {
        const route = allRoutes[name] as AnyRoute;
        for (const pair of pairsOf(dayParameters(route))) {
          for (const range of rangeCases(pair)) {
            await expectAnswer(route, name, range.query, range.expect, range.field);
          }
        }
      },
    );

    it.each(readRoutes)(
      '%s answers HEAD as it answers GET, without a body, and keeps no connection',
      async (name) => {
        const route = allRoutes[name] as AnyRoute;
        const url = pathOf(route);
        // A session of its own: a GET with an effect (signing out) must not end the other tests' one.
        const auth = keyPermissionOf(route.access)
          ? keyHeaders
          : route.access === 'visitor'
            ? visitorAuth
            : (await signedInAs(app, await createTestUser(app.db, { role: 'admin', status: 'approved' })))
                .headers;
        const got = await app.server.inject({ method: 'GET', url, headers: auth });
        // Three times: a route that kept a connection for each would show it in the count below.
        for (let round = 0; round < 3; round++) {
          const head = await app.server.inject({ method: 'HEAD', url, headers: auth });
          expect(head.statusCode, `${name} HEAD ${url}`).toBe(got.statusCode);
          expect(head.payload).toBe('');
        }
        await expect.poll(() => connectionsInUse(app), { timeout: 5_000 }).toBe(0);
      },
    );

    it.each(readRoutes)('%s answers every bad query parameter below 500', async (name) => {
      const route = allRoutes[name] as AnyRoute;
      const query = queryOf(route);
      // A record of parameters (the sign-on round trip) is tried with one name of its own.
      const properties: Record<string, JsonSchema | undefined> =
        query?.properties ??
        (query && typeof query.additionalProperties === 'object'
          ? { state: query.additionalProperties }
          : {});

      await expectAnswer(route, name, '', 'no-server-error');
      for (const [param, schema] of Object.entries(properties)) {
        // A parameter the route requires is given, well formed, while another one is broken.
        const given = Object.entries(REQUIRED_QUERY[name] ?? {})
          .filter(([other]) => other !== param)
          .map(([other, value]) => `${other}=${encodeURIComponent(value)}&`)
          .join('');
        for (const { value, expect: expectation } of readCasesFor(schema)) {
          await expectAnswer(
            route,
            name,
            `${given}${param}=${encodeURIComponent(value)}`,
            expectation,
            `query.${param}`,
          );
        }
        await expectAnswer(route, name, `${given}${param}=1&${param}=2`, 'refused', `query.${param}`);
        for (const raw of RAW_BROKEN_ENCODINGS) {
          await expectAnswer(route, name, `${given}${param}=${raw}`, 'no-server-error');
        }
      }
      // A parameter no schema names: refused where the query is strict, harmless elsewhere.
      await expectAnswer(
        route,
        name,
        `noSuchParameter=${encodeURIComponent('0000-01-01')}`,
        query?.additionalProperties === false ? 'refused' : 'no-server-error',
      );
    });
  },
);
