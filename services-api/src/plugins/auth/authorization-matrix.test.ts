import type { RequestRoute } from '@hapi/hapi';
import type { ContractRouteApp } from '../../http/route-adapter.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApiKey } from '../../test/api-key-helpers.js';
import { createTestUser, signedInAs, type SignedIn } from '../../test/auth-helpers.js';
import { urlFor } from '../../test/route-urls.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-database.js';

describe.each(testDatabaseKinds)('authorization matrix on $name', (kind) => {
  let app: TestApp;
  let adminRoutes: RequestRoute[];
  const callers: Record<string, SignedIn> = {};

  beforeAll(async () => {
    app = await startTestApp(kind, { seed: false });
    // Read from the server's own route table, so a route added later is covered without editing this
    // test: everything under /api/admin, and admin routes elsewhere (the email preview).
    adminRoutes = app.server
      .table()
      .filter(
        (route) =>
          route.path.startsWith('/api/admin') ||
          (route.settings.app as Partial<ContractRouteApp> | undefined)?.contract?.access === 'admin',
      );
    callers.pending = await signedInAs(
      app,
      await createTestUser(app.db, { role: 'admin', status: 'pending' }),
    );
    callers.denied = await signedInAs(app, await createTestUser(app.db, { role: 'admin', status: 'denied' }));
    callers.approvedUser = await signedInAs(
      app,
      await createTestUser(app.db, { role: 'user', status: 'approved' }),
    );
    callers.pendingUser = await signedInAs(
      app,
      await createTestUser(app.db, { role: 'user', status: 'pending' }),
    );
    callers.admin = await signedInAs(
      app,
      await createTestUser(app.db, { role: 'admin', status: 'approved' }),
    );
  });
  afterAll(() => app?.close());

  it('finds the admin routes, including the email preview outside /api/admin', () => {
    expect(adminRoutes.length).toBeGreaterThanOrEqual(4);
    expect(adminRoutes.map((route) => route.path)).toContain('/api/assessment/email-preview/{id}');
  });

  it('answers 401 to anonymous callers on every admin route', async () => {
    for (const route of adminRoutes) {
      const response = await app.server.inject({
        method: route.method,
        url: urlFor(route),
        payload: route.method === 'get' ? undefined : {},
      });
      expect(response.statusCode, `${route.method} ${route.path}`).toBe(401);
    }
  });

  it('answers 401 to an admin API key on every admin route: keys open /api/v1 only', async () => {
    const { token } = await createTestApiKey(app, 'admin');
    for (const route of adminRoutes) {
      for (const headers of [bearer(token), { 'x-api-key': token }]) {
        const response = await app.server.inject({
          method: route.method,
          url: urlFor(route),
          headers,
          payload: route.method === 'get' ? undefined : {},
        });
        expect(response.statusCode, `${route.method} ${route.path}`).toBe(401);
      }
    }
  });

  it.each(['pending', 'denied', 'approvedUser', 'pendingUser'])(
    'answers 403 to a signed-in %s caller on every admin route, with a valid CSRF token',
    async (who) => {
      for (const route of adminRoutes) {
        const response = await app.server.inject({
          method: route.method,
          url: urlFor(route),
          headers: callers[who]!.headers,
          payload: route.method === 'get' ? undefined : {},
        });
        expect(response.statusCode, `${route.method} ${route.path}`).toBe(403);
      }
    },
  );

  it('lets an approved admin through the guard on every admin route', async () => {
    for (const route of adminRoutes) {
      const response = await app.server.inject({
        method: route.method,
        url: urlFor(route),
        headers: callers.admin!.headers,
        payload: route.method === 'get' ? undefined : {},
      });
      expect([401, 403], `${route.method} ${route.path}`).not.toContain(response.statusCode);
    }
  });

  it('requires the session strategy with the admin scope on every admin route', () => {
    for (const route of adminRoutes) {
      const auth = route.settings.auth as
        { strategies?: string[]; access?: { scope?: { selection?: string[] } }[] } | false;
      expect(auth, `${route.method} ${route.path}`).toBeTruthy();
      expect(auth && auth.strategies).toContain('session');
      expect(auth && auth.access?.[0]?.scope?.selection).toEqual(['admin']);
    }
  });

  it('takes admin rights away at once when a user is demoted', async () => {
    const admin = await createTestUser(app.db, { role: 'admin', status: 'approved' });
    const session = await signedInAs(app, admin);
    const before = await app.server.inject({ url: '/api/admin/users', headers: session.headers });
    expect(before.statusCode).toBe(200);
    await app.db('users').where({ id: admin.id }).update({ status: 'denied' });
    const after = await app.server.inject({ url: '/api/admin/users', headers: session.headers });
    expect(after.statusCode).toBe(403);
  });
});
