import { compileErrors, validate } from '@readme/openapi-parser';
import { allRoutes, keyPermissionOf, type AnyRoute, type OpenApiDocument } from '@msp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContractRouteApp } from '../../http/route-adapter.js';
import { bearer, createTestApiKey } from '../../test/api-key-helpers.js';
import { createTestUser, signedInAs } from '../../test/auth-helpers.js';
import { OpenApiResponseChecker } from '../../test/openapi-responses.js';
import { urlFor } from '../../test/route-urls.js';
import { submitAs } from '../../test/submission-helpers.js';
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

const PUBLISHED = '/api/v1/openapi.json';

/**
 * The document as the admin downloads it and as /api/v1/openapi.json publishes it, checked by an
 * OpenAPI 3.1 validator from npm, against the server's route table and against its answers.
 */
describe('the OpenAPI document of /api/v1', () => {
  let app: TestApp;
  let document: OpenApiDocument;
  let operations: Map<string, Operation>;
  const keyRoutes = (Object.values(allRoutes) as AnyRoute[]).filter((route) => keyPermissionOf(route.access));

  beforeAll(async () => {
    app = await startTestApp(testDatabaseKinds[0]!, {
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

  it('is published at /api/v1/openapi.json to anyone, key or none, the same as the admin downloads', async () => {
    const anyone = await app.server.inject({ url: PUBLISHED });
    expect(anyone.statusCode).toBe(200);
    expect(anyone.headers['content-type']).toMatch(/^application\/json/);
    // Nothing in it is private, so a cache may keep it a while and revalidate it by its tag.
    expect(anyone.headers['cache-control']).toMatch(/^public/);
    expect(anyone.headers['set-cookie']).toBeUndefined();
    expect(JSON.parse(anyone.payload)).toEqual(document);
    const { token } = await createTestApiKey(app, 'read');
    const withKey = await app.server.inject({ url: PUBLISHED, headers: bearer(token) });
    expect(withKey.statusCode).toBe(200);
    expect(JSON.parse(withKey.payload)).toEqual(document);
    const again = await app.server.inject({
      url: PUBLISHED,
      headers: { 'if-none-match': anyone.headers.etag! },
    });
    expect(again.statusCode).toBe(304);
  });

  it('validates every /api/v1 answer as published: each key route called with a key, none sent wrong', async () => {
    const published = (await app.request<OpenApiDocument>({ url: PUBLISHED })).body;
    const checker = new OpenApiResponseChecker(published);
    const submissionId = await submitAs(app, { email_address: 'dana@northwind-it.example' });
    const { token } = await createTestApiKey(app, 'admin');
    const reads = app.server
      .table()
      .filter(
        (route) => route.method === 'get' && route.path.startsWith('/api/v1') && route.path !== PUBLISHED,
      );
    expect(reads.length).toBeGreaterThanOrEqual(10);
    const problems: string[] = [];
    const statuses = new Set<number>();
    for (const route of reads) {
      const contract = (route.settings.app as ContractRouteApp).contract as AnyRoute;
      const url = urlFor(route).replace('/1', `/${submissionId}`);
      const response = await app.server.inject({ url, headers: bearer(token) });
      statuses.add(response.statusCode);
      const body = response.headers['content-type']?.toString().startsWith('application/json')
        ? (JSON.parse(response.payload) as unknown)
        : undefined;
      const found = checker.check(
        contract,
        response.statusCode,
        response.headers['content-type']?.toString(),
        response.headers,
        body,
      );
      problems.push(...found.map((problem) => `${url} ${response.statusCode}: ${problem}`));
    }
    expect(problems).toEqual([]);
    // Successes were checked, not only refusals.
    expect(statuses).toContain(200);
  });

  it('describes every /api/v1 route of the contract and every one the server serves, nothing else', () => {
    expect(keyRoutes.length).toBeGreaterThanOrEqual(12);
    const contracted = keyRoutes.map((route) => `${route.method} ${route.path}`).sort();
    const served = app.server
      .table()
      // The document itself is no operation of the API it describes.
      .filter((route) => route.path.startsWith('/api/v1') && route.path !== PUBLISHED)
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
