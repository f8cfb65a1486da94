import Hapi, { type Server } from '@hapi/hapi';
import Boom from '@hapi/boom';
import {
  API_KEY_PERMISSIONS,
  apiKeyRoutes,
  defineRoute,
  type ApiKeyPermission,
  type Endpoint,
} from '@msp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_KEY_STRATEGY, contractRoute } from './route-adapter.js';

const Ok = z.object({ ok: z.literal(true) });
const route = (endpoint: Endpoint) => defineRoute(endpoint, { summary: 'test', response: Ok });
const routes = {
  read: route({ method: 'GET', path: '/v1/read', access: 'key:read' }),
  userManage: route({ method: 'POST', path: '/v1/users', access: 'key:user_manage' }),
  admin: route({ method: 'DELETE', path: '/v1/everything', access: 'key:admin' }),
  session: route({ method: 'GET', path: '/session', access: 'session' }),
  admins: route({ method: 'GET', path: '/admin', access: 'admin' }),
};

/**
 * A bare server with stand-in strategies, so the adapter's enforcement is tested on its own: the
 * `x-test-key` header carries a key's permission, `x-test-session` an approved admin's session.
 */
async function serverWithStrategies(): Promise<Server> {
  const server = Hapi.server();
  server.auth.scheme('test-key', () => ({
    authenticate(request, h) {
      const permission = request.headers['x-test-key'] as ApiKeyPermission | undefined;
      if (!permission || !API_KEY_PERMISSIONS.includes(permission)) throw Boom.unauthorized(null, 'test-key');
      return h.authenticated({ credentials: { apiKey: { id: 1, name: 'test', permission } } });
    },
  }));
  server.auth.scheme('test-session', () => ({
    authenticate(request, h) {
      if (!request.headers['x-test-session']) throw Boom.unauthorized(null, 'test-session');
      return h.authenticated({ credentials: { scope: ['admin'] } });
    },
  }));
  server.auth.strategy(API_KEY_STRATEGY, 'test-key');
  server.auth.strategy('session', 'test-session');
  server.route(
    Object.values(routes).map((contract) => contractRoute(contract, () => ({ ok: true as const }))),
  );
  await server.initialize();
  return server;
}

describe('the route adapter enforces each route’s declared access', () => {
  let server: Server;
  beforeAll(async () => {
    server = await serverWithStrategies();
  });
  afterAll(() => server?.stop());

  const call = (contract: Endpoint, headers: Record<string, string>) =>
    server.inject({ method: contract.method, url: contract.path, headers });

  it.each([
    ['read', routes.read, 200],
    ['read', routes.userManage, 403],
    ['read', routes.admin, 403],
    ['user_manage', routes.read, 200],
    ['user_manage', routes.userManage, 200],
    ['user_manage', routes.admin, 403],
    ['admin', routes.read, 200],
    ['admin', routes.userManage, 200],
    ['admin', routes.admin, 200],
  ] as const)('a %s key calling %o answers %i', async (permission, contract, status) => {
    const response = await call(contract, { 'x-test-key': permission });
    expect(response.statusCode).toBe(status);
    if (status === 403) {
      expect(JSON.parse(response.payload).message).toBe(
        `This API key has the "${permission}" permission; this call needs "${contract.access.slice(4)}" or higher.`,
      );
    }
  });

  it('answers 401 to a key route called without a key', async () => {
    expect((await call(routes.read, {})).statusCode).toBe(401);
  });

  it('never opens a key route with a session, nor a session route with a key', async () => {
    expect((await call(routes.read, { 'x-test-session': '1' })).statusCode).toBe(401);
    expect((await call(routes.session, { 'x-test-key': 'admin' })).statusCode).toBe(401);
    expect((await call(routes.admins, { 'x-test-key': 'admin' })).statusCode).toBe(401);
    expect((await call(routes.admins, { 'x-test-session': '1' })).statusCode).toBe(200);
  });
});

describe('the route adapter holds audited routes to their record', () => {
  const deleteKey = apiKeyRoutes.deleteApiKey;
  async function serverAuditing(record: boolean, validateResponses = true): Promise<Server> {
    // The 500 below is the point: Hapi need not print it.
    const server = Hapi.server({ debug: false });
    server.app.validateResponses = validateResponses;
    server.auth.scheme('test-session', () => ({
      authenticate: (_request, h) => h.authenticated({ credentials: { scope: ['admin'] } }),
    }));
    server.auth.strategy('session', 'test-session');
    server.route(
      contractRoute(deleteKey, ({ request }) => {
        if (record) request.app.audited = 'api_key.delete';
        return { deleted: true as const };
      }),
    );
    await server.initialize();
    return server;
  }
  const deleteOne = (server: Server) => server.inject({ method: 'DELETE', url: '/api/admin/api-keys/1' });

  it('answers 500 naming the route when an audited route succeeds without its record', async () => {
    const server = await serverAuditing(false);
    const response = await deleteOne(server);
    expect(response.statusCode).toBe(500);
    expect(response.result).toMatchObject({ statusCode: 500 });
    await server.stop();
  });

  it('answers as usual once the record is written, and checks nothing in production', async () => {
    for (const server of [await serverAuditing(true), await serverAuditing(false, false)]) {
      expect((await deleteOne(server)).statusCode).toBe(200);
      await server.stop();
    }
  });
});
