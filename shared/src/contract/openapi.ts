import { z } from 'zod';
import { API_KEY_PERMISSIONS, API_V1_BASE_PATH, keyPermissionOf, type ApiKeyPermission } from './access.js';
import {
  API_KEY_PERMISSION_INFO,
  API_KEY_PREFIX,
  API_RATE_LIMIT_PER_MINUTE_DEFAULT,
} from './api-keys/schemas.js';
import { ErrorBody } from './common.js';
import { DemographicField } from './demographic-fields/schemas.js';
import { AdminDraft, DraftList } from './drafts/admin-schemas.js';
import { Organisation, OrganisationDetail, OrganisationList } from './organisations/schemas.js';
import { Pillar } from './pillars/schemas.js';
import { AdminQuestion } from './questions/schemas.js';
import type { AnyRoute } from './route.js';
import { v1Routes } from './routes.js';
import { AdminSubmission, Pagination, SubmissionList } from './submissions/schemas.js';
import { V1SubmissionDetail } from './submissions/v1-schemas.js';
import { User } from './users/schemas.js';
import type { OpenApiDocument } from './api-docs/schemas.js';
import { openApiWebhooks, type WebhookDeliveryOptions } from './openapi-webhooks.js';

type JsonSchema = Record<string, unknown>;

/** What the document says about where and how the API is served. */
export interface OpenApiOptions {
  /** Where the API is served, e.g. https://assess.example.com; absent: relative to the document. */
  serverUrl?: string;
  /** Requests per minute per key, as the server enforces it. */
  rateLimitPerMinute?: number;
  /** The routes to document; the /api/v1 routes of the contract unless given. */
  routes?: Record<string, AnyRoute>;
  /** How this server retries a webhook delivery; the document says so in words when given. */
  webhookDelivery?: WebhookDeliveryOptions;
}

/** Entities named in the document, so generated clients get types such as `Submission` and `User`. */
const NAMED_SCHEMAS: [z.ZodType, string][] = [
  [AdminSubmission, 'Submission'],
  [Pagination, 'Pagination'],
  [SubmissionList, 'SubmissionList'],
  [V1SubmissionDetail, 'SubmissionDetail'],
  [AdminDraft, 'Draft'],
  [DraftList, 'DraftList'],
  [Organisation, 'Organisation'],
  [OrganisationList, 'OrganisationList'],
  [OrganisationDetail, 'OrganisationDetail'],
  [User, 'User'],
  [Pillar, 'Pillar'],
  [AdminQuestion, 'Question'],
  [DemographicField, 'DemographicField'],
];

const TAGS: [prefix: string, tag: string, description: string][] = [
  ['/submissions', 'Submissions', 'Completed assessments with their scores and answers'],
  ['/drafts', 'Saved drafts', 'Unfinished assessments their visitors saved to continue later'],
  [
    '/organisations',
    'Organisations',
    'Company email domains whose people assessed: their team level, trend, members and spread',
  ],
  [
    '/personal-data',
    'Personal data',
    'Everything stored about one person, by email address: export it, or delete it for good',
  ],
  ['/analytics', 'Analytics', 'Totals and distributions over every submission'],
  ['/users', 'Users', 'Accounts of the admin portal'],
  ['', 'Questionnaire', 'The pillars, questions and demographic fields of the assessment'],
];

const SCHEMA_REF = '#/components/schemas/';

/** `v1ListSubmissions` -> `listSubmissions`: the operation id a generated client names its method by. */
function operationIdOf(name: string): string {
  const bare = name.replace(/^v1/, '');
  return bare.charAt(0).toLowerCase() + bare.slice(1);
}

const pascal = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Drops what a standalone JSON Schema carries but an embedded one must not ($schema, $id). */
function embedded(schema: JsonSchema): JsonSchema {
  const { $schema: _schema, $id: _id, ...rest } = schema;
  return rest;
}

function toSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  return embedded(z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema);
}

function needsText(permission: ApiKeyPermission): string {
  const higher = API_KEY_PERMISSIONS.slice(API_KEY_PERMISSIONS.indexOf(permission) + 1);
  const alsoBy = higher.length
    ? ` (keys with ${higher.map((p) => `\`${p}\``).join(' or ')} may call it too)`
    : '';
  return `Needs an API key with the \`${permission}\` permission${alsoBy}.`;
}

/** Path or query parameters from an object schema, each with its own schema and example. */
function parametersOf(
  schema: z.ZodType | undefined,
  location: 'path' | 'query',
  example: Record<string, unknown> | undefined,
): JsonSchema[] {
  if (!schema) return [];
  const json = toSchema(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => {
    const { description, ...propertySchema } = property;
    return {
      name,
      in: location,
      required: location === 'path' || (json.required ?? []).includes(name),
      ...(description !== undefined && { description }),
      schema: propertySchema,
      ...(example?.[name] !== undefined && { example: example[name] }),
    };
  });
}

const errorResponse = (description: string, headers?: JsonSchema) => ({
  description,
  ...(headers && { headers }),
  content: { 'application/json': { schema: { $ref: `${SCHEMA_REF}ErrorBody` } } },
});

/**
 * The OpenAPI 3.1 document of the key-based API, generated from the shared contract: each route's
 * zod schemas become its parameters, request body and responses (through zod's JSON Schema output),
 * with the permission it needs, its example and the error answers every key route can give. Pure:
 * the server serves it and the admin's documentation screen can render it.
 */
export function buildOpenApiDocument(options: OpenApiOptions = {}): OpenApiDocument {
  const routes = options.routes ?? v1Routes;
  const rateLimit = options.rateLimitPerMinute ?? API_RATE_LIMIT_PER_MINUTE_DEFAULT;

  // One registry per direction: a request body is described as sent (defaults optional), a
  // response as answered.
  const outputs = z.registry<{ id: string }>();
  const inputs = z.registry<{ id: string }>();
  outputs.add(ErrorBody, { id: 'ErrorBody' });
  for (const [schema, id] of NAMED_SCHEMAS) outputs.add(schema, { id });
  const refIn = (registry: typeof outputs, schema: z.ZodType, fallbackId: string) => {
    if (!registry.has(schema)) registry.add(schema, { id: fallbackId });
    return { $ref: `${SCHEMA_REF}${registry.get(schema)!.id}` };
  };

  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const [name, route] of Object.entries(routes)) {
    const permission = keyPermissionOf(route.access);
    if (!permission || !route.path.startsWith(API_V1_BASE_PATH)) continue;
    const operationId = operationIdOf(name);
    const examples = route.examples as
      | {
          params?: Record<string, unknown>;
          query?: Record<string, unknown>;
          body?: unknown;
          response?: unknown;
        }
      | undefined;
    const success = String(route.successStatus ?? 200);
    const responses: Record<string, unknown> = {
      [success]: {
        description: route.summary,
        headers: { 'Cache-Control': { $ref: '#/components/headers/CacheControl' } },
        // A file route answers its file in each type it produces, not JSON.
        content: route.produces
          ? Object.fromEntries(
              route.produces.map((type, index) => [
                type,
                {
                  schema: { type: 'string', format: 'binary' },
                  // The example is of the first type (a CSV's first lines, say).
                  ...(index === 0 && examples?.response !== undefined && { example: examples.response }),
                },
              ]),
            )
          : {
              'application/json': {
                schema: refIn(outputs, route.response, `${pascal(operationId)}Response`),
                ...(examples?.response !== undefined && { example: examples.response }),
              },
            },
      },
      // Any call can be malformed (a query string that does not decode), not only one with input.
      '400': { $ref: '#/components/responses/BadRequest' },
      '401': { $ref: '#/components/responses/Unauthorized' },
      '403': { $ref: '#/components/responses/Forbidden' },
      ...(route.params && { '404': { $ref: '#/components/responses/NotFound' } }),
      ...(!route.params &&
        route.produces && { '404': errorResponse('Nothing matches the query, so there is no file to send') }),
      ...(route.method !== 'GET' && { '409': { $ref: '#/components/responses/Conflict' } }),
      ...(route.body && {
        '413': { $ref: '#/components/responses/PayloadTooLarge' },
        '415': { $ref: '#/components/responses/UnsupportedMediaType' },
      }),
      '429': { $ref: '#/components/responses/TooManyRequests' },
      '503': { $ref: '#/components/responses/ServiceUnavailable' },
    };
    const tag = TAGS.find(([prefix]) => route.path.startsWith(`${API_V1_BASE_PATH}${prefix}`))![1];
    paths[route.path] ??= {};
    paths[route.path]![route.method.toLowerCase()] = {
      operationId,
      tags: [tag],
      summary: route.summary,
      description: needsText(permission),
      'x-permission': permission,
      parameters: [
        ...parametersOf(route.params, 'path', examples?.params),
        ...parametersOf(route.query, 'query', examples?.query),
      ],
      ...(route.body && {
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: refIn(inputs, route.body, `${pascal(operationId)}Request`),
              ...(examples?.body !== undefined && { example: examples.body }),
            },
          },
        },
      }),
      responses,
    };
  }

  const webhooks = openApiWebhooks((schema, id) => refIn(outputs, schema, id), options.webhookDelivery);

  const uri = (id: string) => `${SCHEMA_REF}${id}`;
  const schemas: Record<string, JsonSchema> = {};
  for (const [registry, io] of [
    [outputs, 'output'],
    [inputs, 'input'],
  ] as const) {
    const generated = z.toJSONSchema(registry, { io, uri, unrepresentable: 'any' }).schemas;
    for (const [id, schema] of Object.entries(generated)) schemas[id] = embedded(schema as JsonSchema);
  }

  const permissionList = API_KEY_PERMISSIONS.map(
    (p) => `- \`${p}\` (${API_KEY_PERMISSION_INFO[p].label}): ${API_KEY_PERMISSION_INFO[p].description}`,
  ).join('\n');
  return {
    openapi: '3.1.0',
    info: {
      title: 'MSP Automation Maturity API',
      version: '1.0.0',
      description: [
        'Read the assessment submissions, the analytics and the questionnaire, and manage the users of the admin portal.',
        '',
        `This document is published at \`${API_V1_BASE_PATH}/openapi.json\` and needs no key. It is generated from the contract the server validates every call with, so it describes the API as served.`,
        '',
        `Authenticate with an API key (it starts with \`${API_KEY_PREFIX}\`; an administrator creates it under API Keys) sent as \`Authorization: Bearer <key>\` (recommended) or \`X-API-Key: <key>\`. A missing, malformed, unknown, disabled or deleted key gets 401.`,
        '',
        `Each key holds one permission; each includes the ones before it:\n${permissionList}`,
        '',
        'No key may create an administrator, make anyone an administrator or approve one: administrators are made by an administrator in the admin portal. A `user_manage` key may create and update other users, but not change an administrator or touch the founder account. Those calls answer 403 saying why.',
        '',
        `Each key may make ${rateLimit} requests per minute; past that the answer is 429 with a Retry-After header. Responses are never cached (Cache-Control: no-store). Every error has the ErrorBody shape.`,
        '',
        'With WEBHOOK_URL and WEBHOOK_SECRET set on the server, it also POSTs events to that address, signed per the Standard Webhooks specification; `webhooks` describes each event, its headers and its body.',
      ].join('\n'),
    },
    ...(options.serverUrl && { servers: [{ url: options.serverUrl }] }),
    tags: [
      ...TAGS.map(([, name, description]) => ({ name, description })),
      { name: 'Webhooks', description: 'Events the server POSTs to WEBHOOK_URL' },
    ],
    security: [{ bearerAuth: [] }, { apiKeyHeader: [] }],
    paths,
    webhooks,
    components: { ...sharedComponents(rateLimit), schemas },
  };
}

/** What every operation refers to: the two ways to send a key, the headers and the error answers. */
function sharedComponents(rateLimit: number) {
  return {
    securitySchemes: {
      bearerAuth: {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: `API key (${API_KEY_PREFIX}...)`,
        description: 'Authorization: Bearer <key> (recommended)',
      },
      apiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'X-API-Key: <key>' },
    },
    headers: {
      CacheControl: {
        description: 'Answers are never cached',
        schema: { type: 'string', const: 'no-store' },
      },
      RetryAfter: {
        description: 'Seconds to wait before calling again',
        schema: { type: 'integer', minimum: 1 },
      },
    },
    responses: {
      BadRequest: errorResponse(
        'A parameter, the query string or a body field is invalid; `field` names the field when it is one',
      ),
      Unauthorized: errorResponse('The API key is missing, malformed, unknown, disabled or deleted'),
      Forbidden: errorResponse("The key's permission does not allow this call; the message says why"),
      NotFound: errorResponse('Nothing has this id'),
      Conflict: errorResponse('The change clashes with the current state, e.g. an email already taken'),
      TooManyRequests: errorResponse(`More than ${rateLimit} requests in a minute with this key`, {
        'Retry-After': { $ref: '#/components/headers/RetryAfter' },
      }),
      PayloadTooLarge: errorResponse('The request body is larger than this call takes'),
      UnsupportedMediaType: errorResponse('The request body is not sent as application/json'),
      ServiceUnavailable: errorResponse(
        'The service is briefly unavailable (its database cannot be reached); try again after Retry-After',
        { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } },
      ),
    },
  };
}
