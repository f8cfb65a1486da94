import { describe, expect, it } from 'vitest';
import { apiEndpointGroups, endpointsAllowed, operationPermission, schemaType } from './openapi-endpoints.js';

/** A small document shaped like the one the server generates from the contract. */
const DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'MSP Automation Maturity API', version: '1.0.0' },
  servers: [{ url: '/api/v1' }],
  tags: [
    { name: 'Users', description: 'Accounts of the admin portal' },
    { name: 'Submissions', description: 'Completed assessments' },
  ],
  paths: {
    '/submissions': {
      get: {
        tags: ['Submissions'],
        summary: 'Submissions, newest first',
        'x-permission': 'read',
        parameters: [
          { $ref: '#/components/parameters/Page' },
          {
            name: 'from',
            in: 'query',
            schema: { type: 'string', format: 'date' },
            description: 'First day',
            example: '2026-01-01',
          },
        ],
        responses: {
          '401': { $ref: '#/components/responses/Unauthorized' },
          '200': {
            description: 'One page',
            content: { 'application/json': { schema: { type: 'object' }, example: { submissions: [] } } },
          },
        },
      },
    },
    '/submissions/{id}': {
      parameters: [{ name: 'id', in: 'path', schema: { type: 'string', format: 'uuid' } }],
      get: {
        tags: ['Submissions'],
        summary: 'One submission',
        description: 'Needs the read permission.',
        responses: { '200': { description: 'The submission' } },
      },
    },
    '/users': {
      post: {
        tags: ['Users'],
        summary: 'Creates a user',
        'x-permission': 'user_manage',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { $ref: '#/components/schemas/CreateUser' },
              examples: { nora: { value: { email: 'nora@msp.example' } } },
            },
          },
        },
        responses: { '201': { description: 'Created' } },
      },
    },
    '/pillars': {
      get: { summary: 'The pillars', 'x-permission': 'read', responses: { '200': { description: 'OK' } } },
    },
  },
  components: {
    parameters: {
      Page: {
        name: 'page',
        in: 'query',
        required: false,
        schema: { type: 'integer', minimum: 1, example: 2 },
      },
    },
    responses: { Unauthorized: { description: 'No valid key' } },
    schemas: {
      Role: { type: 'string', enum: ['user', 'admin'] },
      CreateUser: {
        type: 'object',
        required: ['email'],
        properties: {
          email: { type: 'string', format: 'email', description: 'Where they sign in' },
          role: { $ref: '#/components/schemas/Role' },
          firstName: { type: ['string', 'null'] },
        },
      },
    },
  },
};

describe('apiEndpointGroups', () => {
  const groups = apiEndpointGroups(DOCUMENT);
  const endpoint = (id: string) => groups.flatMap((group) => group.endpoints).find((e) => e.id === id);

  it('groups by tag in the document’s order, untagged operations by their first path segment', () => {
    expect(groups.map((group) => [group.name, group.endpoints.map((e) => e.id)])).toEqual([
      ['Users', ['POST /api/v1/users']],
      ['Submissions', ['GET /api/v1/submissions', 'GET /api/v1/submissions/{id}']],
      ['Pillars', ['GET /api/v1/pillars']],
    ]);
    expect(groups[0]?.description).toBe('Accounts of the admin portal');
  });

  it('puts the server’s base path before each path', () => {
    expect(endpoint('GET /api/v1/pillars')).toMatchObject({ method: 'GET', path: '/api/v1/pillars' });
  });

  it('reads parameters through references, the path item’s too, path first', () => {
    expect(endpoint('GET /api/v1/submissions')?.parameters).toEqual([
      { name: 'page', in: 'query', required: false, type: 'integer', description: undefined, example: '2' },
      {
        name: 'from',
        in: 'query',
        required: false,
        type: 'string (date)',
        description: 'First day',
        example: '2026-01-01',
      },
    ]);
    expect(endpoint('GET /api/v1/submissions/{id}')?.parameters).toEqual([
      { name: 'id', in: 'path', required: true, type: 'string (uuid)', description: undefined },
    ]);
  });

  it('takes the permission from x-permission, else from the description', () => {
    expect(endpoint('GET /api/v1/submissions')?.permission).toBe('read');
    expect(endpoint('GET /api/v1/submissions/{id}')?.permission).toBe('read');
    expect(endpoint('POST /api/v1/users')?.permission).toBe('user_manage');
  });

  it('lists the body’s fields with their types and which are required', () => {
    expect(endpoint('POST /api/v1/users')?.body).toEqual({
      required: true,
      type: 'CreateUser',
      example: { email: 'nora@msp.example' },
      fields: [
        { name: 'email', required: true, type: 'string (email)', description: 'Where they sign in' },
        { name: 'role', required: false, type: 'user | admin', description: undefined },
        { name: 'firstName', required: false, type: 'string | null', description: undefined },
      ],
    });
    expect(endpoint('GET /api/v1/pillars')?.body).toBeNull();
  });

  it('lists responses by status, with the success answer’s example', () => {
    const submissions = endpoint('GET /api/v1/submissions');
    expect(submissions?.responses).toEqual([
      { status: '200', description: 'One page' },
      { status: '401', description: 'No valid key' },
    ]);
    expect(submissions?.example).toEqual({ submissions: [] });
    expect(endpoint('GET /api/v1/pillars')).not.toHaveProperty('example');
  });

  it('keeps full paths as they are when the document has no server base', () => {
    const [group] = apiEndpointGroups({
      openapi: '3.1.0',
      paths: { '/api/v1/questions': { get: { summary: 'Questions', responses: {} } } },
    });
    expect(group).toMatchObject({ name: 'Questions', endpoints: [{ path: '/api/v1/questions' }] });
  });

  it('gives nothing for something that is not a document, and survives a reference loop', () => {
    expect(apiEndpointGroups(null)).toEqual([]);
    expect(apiEndpointGroups({ paths: 'none' })).toEqual([]);
    const loop = { components: { schemas: { A: { $ref: '#/components/schemas/A' } } } };
    expect(schemaType(loop, { $ref: '#/components/schemas/A' })).toBe('A');
  });

  it('counts the endpoints each permission opens, each level including the lower ones', () => {
    expect(endpointsAllowed(groups, 'read')).toBe(3);
    expect(endpointsAllowed(groups, 'user_manage')).toBe(4);
    expect(endpointsAllowed(groups, 'admin')).toBe(4);
  });
});

describe('operationPermission', () => {
  it('finds a permission named in prose, and nothing where none is named', () => {
    expect(operationPermission({ description: 'Permission: `user_manage`. Creates a user.' })).toBe(
      'user_manage',
    );
    expect(operationPermission({ description: 'Requires an admin permission key.' })).toBe('admin');
    expect(operationPermission({ 'x-permission': 'root', summary: 'Reads the pillars' })).toBeNull();
  });
});
