import { compileErrors, validate } from '@readme/openapi-parser';
import { allRoutes, keyPermissionOf, type AnyRoute, type OpenApiDocument } from '@msp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContractRouteApp } from '../../http/route-adapter.js';
import { createTestUser, signedInAs } from '../../test/auth-helpers.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-database.js';

type Operation = {
  operationId: string;
  description: string;
  'x-permission': string;
  parameters: { name: string; in: string }[];
  requestBody?: { content: { 'application/json': { schema: unknown; example?: unknown } } };
  responses: Record<string, { content?: { 'application/json': { example?: unknown } }; $ref?: string }>;
};

/** The document as the admin downloads it, checked by an OpenAPI 3.1 validator from npm. */
describe('the OpenAPI document of /api/v1', () => {
  let app: TestApp;
  let document: OpenApiDocument;
  let operations: Map<string, Operation>;
  const keyRoutes = (Object.values(allRoutes) as AnyRoute[]).filter((route) => keyPermissionOf(route.access));

  beforeAll(async () => {
    app = await startTestApp(testDatabaseKinds[0]!, {
      seed: false,
      env: { PUBLIC_URL: 'https://assess.example.com' },
    });
    const admin = await signedInAs(app, await createTestUser(app.db, { role: 'admin', status: 'approved' }));
    const response = await app.request<OpenApiDocument>({
      url: '/api/admin/openapi.json',
      headers: admin.headers,
    });
    expect(response.status).toBe(200);
    document = response.body;
    operations = new Map(
      Object.entries(document.paths as Record<string, Record<string, Operation>>).flatMap(
        ([path, byMethod]) =>
          Object.entries(byMethod).map(([method, operation]) => [
            `${method.toUpperCase()} ${path}`,
            operation,
          ]),
      ),
    );
  });
  afterAll(() => app?.close());

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(document) as never);
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
    expect(result.warnings).toEqual([]);
  });

  it('describes every /api/v1 route of the contract and every one the server serves, nothing else', () => {
    expect(keyRoutes.length).toBeGreaterThanOrEqual(12);
    const contracted = keyRoutes.map((route) => `${route.method} ${route.path}`).sort();
    const served = app.server
      .table()
      .filter((route) => route.path.startsWith('/api/v1'))
      .map((route) => {
        const contract = (route.settings.app as ContractRouteApp).contract;
        return `${contract.method} ${contract.path}`;
      })
      .sort();
    expect(served).toEqual(contracted);
    expect([...operations.keys()].sort()).toEqual(contracted);
  });

  it('gives each operation its permission, parameters, body, example and error answers', () => {
    for (const route of keyRoutes) {
      const operation = operations.get(`${route.method} ${route.path}`)!;
      const permission = keyPermissionOf(route.access)!;
      expect(operation['x-permission']).toBe(permission);
      expect(operation.description).toContain(`\`${permission}\` permission`);
      const pathParams = [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      expect(operation.parameters.filter((p) => p.in === 'path').map((p) => p.name)).toEqual(pathParams);
      if (route.query) expect(operation.parameters.some((p) => p.in === 'query')).toBe(true);
      expect(Boolean(operation.requestBody)).toBe(Boolean(route.body));
      if (route.body) expect(operation.requestBody!.content['application/json'].example).toBeDefined();
      const success = operation.responses[String(route.successStatus ?? 200)]!;
      if (route.produces) {
        // A file route answers a file in each type it produces, and says when there is none.
        expect(Object.keys(success.content!)).toEqual([...route.produces]);
        expect(operation.responses['404'], '404').toBeDefined();
      } else {
        expect(success.content!['application/json'].example).toBeDefined();
      }
      // Every call may be malformed, refused, limited or meet the database away.
      for (const status of ['400', '401', '403', '429', '503']) {
        expect(operation.responses[status], status).toBeDefined();
      }
      if (route.body)
        for (const status of ['413', '415']) expect(operation.responses[status], status).toBeDefined();
    }
  });

  it('declares both ways of sending a key, and where the API is', () => {
    const components = document.components as { securitySchemes: Record<string, unknown> };
    expect(components.securitySchemes).toEqual({
      bearerAuth: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
      apiKeyHeader: expect.objectContaining({ type: 'apiKey', in: 'header', name: 'X-API-Key' }),
    });
    expect(document.security).toEqual([{ bearerAuth: [] }, { apiKeyHeader: [] }]);
    expect(document.servers).toEqual([{ url: 'https://assess.example.com' }]);
  });
});
