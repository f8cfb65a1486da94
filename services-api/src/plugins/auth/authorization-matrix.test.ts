import type { RequestRoute } from '@hapi/hapi';
import { PORTAL_PERMISSIONS, userCan, type PortalPermission } from '@msp/shared';
import type { ContractRouteApp } from '../../http/route-adapter.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApiKey } from '../../test/api-key-helpers.js';
import { createTestUser, signedInAs, type SignedIn } from '../../test/auth-helpers.js';
import { urlFor } from '../../test/route-urls.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-database.js';

/** The portal permission a route needs, from its contract; undefined for a route without one. */
function portalAccessOf(route: RequestRoute): PortalPermission | undefined {
  const access = (route.settings.app as Partial<ContractRouteApp> | undefined)?.contract?.access;
  return (PORTAL_PERMISSIONS as readonly string[]).includes(access ?? '')
    ? (access as PortalPermission)
    : undefined;
}

describe.each(testDatabaseKinds)('authorization matrix on $name', (kind) => {
  let app: TestApp;
  let adminRoutes: RequestRoute[];
  const CALLERS = {
    pending: { role: 'admin', status: 'pending' },
    denied: { role: 'admin', status: 'denied' },
    pendingUser: { role: 'user', status: 'pending' },
    pendingSales: { role: 'sales', status: 'pending' },
    approvedUser: { role: 'user', status: 'approved' },
    sales: { role: 'sales', status: 'approved' },
    admin: { role: 'admin', status: 'approved' },
  } as const;
  const callers: Record<string, SignedIn> = {};

  beforeAll(async () => {
    app = await startTestApp(kind, { seed: false });
    // Read from the server's own route table, so a route added later is covered without editing this
    // test: everything under /api/admin, and portal routes elsewhere (the email preview).
    adminRoutes = app.server
      .table()
      .filter((route) => route.path.startsWith('/api/admin') || portalAccessOf(route) !== undefined);
    for (const [who, fields] of Object.entries(CALLERS)) {
      callers[who] = await signedInAs(app, await createTestUser(app.db, fields));
    }
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

  it('gives every /api/admin route a portal permission: none is open to any signed-in user', () => {
    for (const route of adminRoutes) {
      expect(portalAccessOf(route), `${route.method} ${route.path}`).toBeDefined();
    }
  });

  it('reads the lead desk to every approved role, works it for sales and admins, and the rest for admins', () => {
    const routesNeeding = (permission: PortalPermission) =>
      adminRoutes.filter((route) => portalAccessOf(route) === permission).map((route) => route.path);
    expect(routesNeeding('read-leads')).toEqual(
      expect.arrayContaining([
        '/api/admin/submissions',
        '/api/admin/submissions/{id}',
        '/api/admin/lead-owners',
      ]),
    );
    expect(routesNeeding('work-leads')).toEqual(
      expect.arrayContaining(['/api/admin/submissions/{id}/lead', '/api/admin/submissions/{id}/notes']),
    );
    expect(routesNeeding('admin')).toEqual(
      expect.arrayContaining([
        '/api/admin/users',
        '/api/admin/lead-statuses',
        '/api/admin/submissions/export/csv',
      ]),
    );
  });

  it.each(Object.keys(CALLERS) as (keyof typeof CALLERS)[])(
    'answers a signed-in %s caller 403 on every route their role does not permit, with a valid CSRF token, and lets them through the rest',
    async (who) => {
      for (const route of adminRoutes) {
        const response = await app.server.inject({
          method: route.method,
          url: urlFor(route),
          headers: callers[who]!.headers,
          payload: route.method === 'get' ? undefined : {},
        });
        const label = `${who} ${route.method} ${route.path}`;
        if (userCan(CALLERS[who], portalAccessOf(route)!)) {
          expect([401, 403], label).not.toContain(response.statusCode);
        } else {
          expect(response.statusCode, label).toBe(403);
        }
      }
    },
  );

  it('requires the session strategy with the route permission as its scope on every admin route', () => {
    for (const route of adminRoutes) {
      const auth = route.settings.auth as
        { strategies?: string[]; access?: { scope?: { selection?: string[] } }[] } | false;
      expect(auth, `${route.method} ${route.path}`).toBeTruthy();
      expect(auth && auth.strategies).toContain('session');
      expect(auth && auth.access?.[0]?.scope?.selection).toEqual([portalAccessOf(route)]);
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
