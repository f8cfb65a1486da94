import type { RequestRoute } from '@hapi/hapi';
import {
  allRoutes,
  API_KEY_PERMISSIONS,
  ErrorBody,
  keyPermissionOf,
  permissionAllows,
  type AnyRoute,
  type ApiKeyPermission,
} from '@msp/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ContractRouteApp } from '../../http/route-adapter.js';
import { bearer, createTestApiKey } from '../../test/api-key-helpers.js';
import { createTestUser, signedInAs } from '../../test/auth-helpers.js';
import { submitAs } from '../../test/submission-helpers.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-database.js';

const contractOf = (route: RequestRoute) => (route.settings.app as ContractRouteApp).contract as AnyRoute;

describe.each(testDatabaseKinds)('API key permissions on every /api/v1 route on $name', (kind) => {
  let app: TestApp;
  let keyRoutes: RequestRoute[];
  let submissionId: string;
  const tokens = {} as Record<ApiKeyPermission, string>;
  let counter = 0;

  beforeAll(async () => {
    app = await startTestApp(kind);
    // Read from the server's own route table, so a key route added later is covered without
    // editing this test.
    keyRoutes = app.server.table().filter((route) => {
      const contract = (route.settings.app as Partial<ContractRouteApp> | undefined)?.contract;
      return contract !== undefined && keyPermissionOf(contract.access) !== null;
    });
    for (const permission of API_KEY_PERMISSIONS)
      tokens[permission] = (await createTestApiKey(app, permission)).token;
    submissionId = await submitAs(app);
  });
  // Each test's /api/v1 answers, held to the published OpenAPI document.
  afterEach(() => expect(app.openApiViolations()).toEqual([]));
  afterAll(() => app?.close());

  /** A request each route can fulfil: real ids in the path, a valid body for the writes. */
  async function requestFor(route: RequestRoute) {
    const contract = contractOf(route);
    const ids: Record<string, string> = {
      '/api/v1/submissions/{id}': submissionId,
      '/api/v1/submissions/{id}/report.pdf': submissionId,
      '/api/v1/submissions/{id}/notes': submissionId,
      '/api/v1/users/{id}': String((await createTestUser(app.db, { status: 'approved' })).id),
    };
    // The routes that need a query or a body of their own.
    const queries: Record<string, string> = { '/api/v1/personal-data': '?email=matrix%40msp.example' };
    const bodies: Record<string, object> = {
      '/api/v1/personal-data/delete': { email: `matrix${++counter}@msp.example` },
      'PATCH /api/v1/submissions/{id}': { nextStepOn: '2026-12-08' },
      '/api/v1/submissions/{id}/notes': { text: 'Called back' },
    };
    // The fixture's submitter is at northwind-it.example: the organisation the submission made.
    const url =
      contract.path.replace('{id}', ids[contract.path] ?? 'x').replace('{domain}', 'northwind-it.example') +
      (queries[contract.path] ?? '');
    const payload =
      bodies[`${contract.method} ${contract.path}`] ??
      bodies[contract.path] ??
      (contract.method === 'POST'
        ? { email: `matrix${++counter}@msp.example`, role: 'user', status: 'approved' }
        : contract.method === 'PUT'
          ? { firstName: 'Renamed', status: 'approved' }
          : undefined);
    return { method: contract.method, url, payload };
  }

  const userRows = async () => JSON.stringify(await app.db('users').orderBy('id'));

  it('finds every key route of the contract in the server’s table', () => {
    const contracted = Object.values(allRoutes).filter((route) => keyPermissionOf(route.access));
    expect(keyRoutes.map((route) => contractOf(route).path).sort()).toEqual(
      contracted.map((route) => route.path).sort(),
    );
    expect(keyRoutes.length).toBe(28);
  });

  it('answers 401 on every key route without a key, with an admin session, or with a bad key', async () => {
    const admin = await signedInAs(app, await createTestUser(app.db, { role: 'admin', status: 'approved' }));
    for (const route of keyRoutes) {
      for (const headers of [{}, admin.headers, bearer('msp_not-a-key')]) {
        const response = await app.server.inject({ ...(await requestFor(route)), headers });
        expect(response.statusCode, `${route.method} ${route.path}`).toBe(401);
        expect(response.headers['cache-control']).toBe('no-store');
      }
    }
  });

  it.each(API_KEY_PERMISSIONS)(
    'refuses a %s key that tries to create, promote or approve an administrator, writing nothing',
    async (held) => {
      const user = await createTestUser(app.db, { status: 'approved' });
      const waitingAdmin = await createTestUser(app.db, { role: 'admin', status: 'pending' });
      const attempts = [
        {
          method: 'POST',
          url: '/api/v1/users',
          payload: { email: `boss${++counter}@msp.example`, role: 'admin', status: 'approved' },
        },
        { method: 'PUT', url: `/api/v1/users/${user.id}`, payload: { role: 'admin' } },
        { method: 'PUT', url: `/api/v1/users/${waitingAdmin.id}`, payload: { status: 'approved' } },
      ];
      for (const attempt of attempts) {
        const where = `${held} key: ${attempt.method} ${attempt.url} ${JSON.stringify(attempt.payload)}`;
        const before = await userRows();
        const response = await app.server.inject({ ...attempt, headers: bearer(tokens[held]) });
        expect(response.statusCode, where).toBe(403);
        const { message } = ErrorBody.parse(JSON.parse(response.payload));
        // Below user_manage the permission itself refuses; from there on, the rule does.
        if (permissionAllows(held, 'user_manage')) {
          expect(message, where).toMatch(/^No API key can (create|make anyone|approve) an administrator/);
        }
        expect(await userRows(), `${where} wrote something`).toBe(before);
      }
    },
  );

  it.each(API_KEY_PERMISSIONS)(
    'lets a %s key call exactly the routes its permission allows, and tells it why not on the others',
    async (held) => {
      for (const route of keyRoutes) {
        const needed = keyPermissionOf(contractOf(route).access)!;
        const where = `${held} key on ${route.method.toUpperCase()} ${route.path}`;
        const request = await requestFor(route);
        const before = await userRows();
        const response = await app.server.inject({ ...request, headers: bearer(tokens[held]) });
        expect(response.headers['cache-control'], where).toBe('no-store');
        if (permissionAllows(held, needed)) {
          expect(response.statusCode, `${where}: ${response.payload.slice(0, 300)}`).toBeLessThan(300);
        } else {
          expect(response.statusCode, where).toBe(403);
          expect(ErrorBody.parse(JSON.parse(response.payload)).message).toBe(
            `This API key has the "${held}" permission; this call needs "${needed}" or higher.`,
          );
          expect(await userRows(), `${where} wrote something`).toBe(before);
        }
      }
    },
  );
});
