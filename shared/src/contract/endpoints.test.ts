import { describe, expect, it } from 'vitest';
import { endpoints, permissionAllows } from './endpoints.js';
import { pageEndpoints, pageRoutes, routes } from './routes.js';

describe('endpoints', () => {
  it('gives every route of the table its head, and every head a route', () => {
    expect(Object.keys(routes).sort()).toEqual(Object.keys(endpoints).sort());
    expect(Object.keys(pageRoutes).sort()).toEqual(Object.keys(pageEndpoints).sort());
    for (const [name, route] of Object.entries(routes)) {
      const head = endpoints[name as keyof typeof endpoints];
      expect({ method: route.method, path: route.path, access: route.access }, name).toEqual(head);
    }
  });

  it('serves each method and path once', () => {
    const heads = [...Object.values(endpoints), ...Object.values(pageEndpoints)].map(
      (head) => `${head.method} ${head.path}`,
    );
    expect(new Set(heads).size).toBe(heads.length);
  });

  it('orders API key permissions read < user_manage < admin', () => {
    expect(permissionAllows('admin', 'read')).toBe(true);
    expect(permissionAllows('user_manage', 'read')).toBe(true);
    expect(permissionAllows('user_manage', 'admin')).toBe(false);
    expect(permissionAllows('read', 'user_manage')).toBe(false);
    expect(permissionAllows('read', 'read')).toBe(true);
  });
});
