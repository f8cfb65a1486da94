import { describe, expect, it } from 'vitest';
import { keyPermissionOf } from './access.js';
import type { AnyRoute } from './route.js';
import { routes, v1Routes } from './routes.js';
import { buildOpenApiDocument } from './openapi.js';

const v1 = Object.entries(v1Routes) as [string, AnyRoute][];

describe('the /api/v1 contract', () => {
  it('puts every key route under /api/v1 and every /api/v1 route behind a key, but the document', () => {
    for (const [name, route] of Object.entries(routes) as [string, AnyRoute][]) {
      // The API's description is published to anyone: it holds no data, and tools read it first.
      if (name === 'getPublishedOpenApiDocument') {
        expect([route.path, route.access]).toEqual(['/api/v1/openapi.json', 'public']);
        continue;
      }
      expect(route.path.startsWith('/api/v1/'), name).toBe(keyPermissionOf(route.access) !== null);
    }
  });

  /**
   * Routes that need an admin key: who did what is for administrators' keys only, and erasing a
   * person's data deletes for good.
   */
  const ADMIN_ROUTES = new Set([
    'v1ListAuditEvents',
    'v1ExportAuditEvents',
    'v1DeletePersonalData',
    'v1UpdateLead',
    'v1AddLeadNote',
  ]);

  it('needs read for every GET but the audit trail, admin for that, erasure and the lead desk, and user_manage for the user writes', () => {
    for (const [name, route] of v1) {
      const expected = ADMIN_ROUTES.has(name)
        ? 'key:admin'
        : route.method === 'GET'
          ? 'key:read'
          : 'key:user_manage';
      expect(route.access, name).toBe(expected);
    }
  });

  it.each(v1)('%s has an example its own schemas accept', (_name, route) => {
    const examples = route.examples!;
    expect(examples.response).toBeDefined();
    expect(route.response.safeParse(examples.response).error).toBeUndefined();
    for (const part of ['params', 'query', 'body'] as const) {
      const schema = route[part];
      if (!schema) continue;
      if (part !== 'query') expect(examples[part], part).toBeDefined();
      if (examples[part] !== undefined) expect(schema.safeParse(examples[part]).error).toBeUndefined();
    }
  });

  it('documents every /api/v1 route once, with its permission and example', () => {
    const document = buildOpenApiDocument();
    const paths = document.paths as Record<string, Record<string, Record<string, unknown>>>;
    for (const [name, route] of v1) {
      const operation = paths[route.path]?.[route.method.toLowerCase()];
      expect(operation, name).toBeDefined();
      expect(operation!['x-permission']).toBe(keyPermissionOf(route.access));
      expect(operation!.description).toContain(`\`${keyPermissionOf(route.access)}\` permission`);
    }
    const operations = Object.values(paths).flatMap((byMethod) => Object.keys(byMethod));
    expect(operations).toHaveLength(v1.length);
  });
});
