import Boom from '@hapi/boom';
import type { Request, ResponseObject, Server } from '@hapi/hapi';
import { buildOpenApiDocument, keyPermissionOf, type AnyRoute, type OpenApiDocument } from '@msp/shared';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import type { ContractRouteApp } from '../http/route-adapter.js';

type JsonObject = Record<string, unknown>;
interface DocumentedResponse {
  $ref?: string;
  headers?: Record<string, { $ref?: string; schema?: JsonObject }>;
  content?: Record<string, { schema?: JsonObject }>;
}

interface DocumentedWebhook {
  parameters: { name: string; in: string; required?: boolean; schema?: JsonObject }[];
  requestBody: { content: Record<string, { schema?: JsonObject }> };
}

/** Where the document is registered with the validator, so its own `#/components/...` refs resolve. */
const DOCUMENT_ID = 'https://msp.test/openapi.json';

/**
 * Checks every /api/v1 answer against the published OpenAPI document, as an integrator's generated
 * client would read it: its status is one the operation documents, its content type is one that
 * status documents, its JSON body matches that schema and the headers it promises are there with
 * a value their schema takes. The document is validated with ajv (JSON Schema 2020-12, the dialect
 * of OpenAPI 3.1), not with the contract's zod schemas it is generated from: the route adapter
 * already checks successes against those, and what an integrator holds is the document, error
 * answers and headers included.
 */
export class OpenApiResponseChecker {
  private readonly document: {
    paths: Record<string, Record<string, { responses: Record<string, DocumentedResponse> }>>;
    webhooks?: Record<string, { post?: DocumentedWebhook }>;
    components: {
      responses: Record<string, DocumentedResponse>;
      headers: Record<string, { schema?: JsonObject }>;
    };
  };
  // Formats are not asserted: zod writes each format's pattern beside it, which is checked.
  private readonly ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
  private readonly compiled = new Map<string, ValidateFunction>();

  /** `published`: the document as a server published it; else the one the contract builds. */
  constructor(published: OpenApiDocument = buildOpenApiDocument()) {
    this.document = published as unknown as typeof this.document;
    this.ajv.addSchema(this.document as unknown as JsonObject, DOCUMENT_ID);
  }

  private resolve<T extends { $ref?: string }>(node: T, kind: 'responses' | 'headers'): T {
    const name = node.$ref?.match(new RegExp(`^#/components/${kind}/(.+)$`))?.[1];
    return name ? (this.document.components[kind][name] as T) : node;
  }

  private validator(pointer: string): ValidateFunction {
    let validate = this.compiled.get(pointer);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `${DOCUMENT_ID}#${pointer}` });
      this.compiled.set(pointer, validate);
    }
    return validate;
  }

  /** What is wrong with an answer of the route, or an empty list. */
  check(
    route: AnyRoute,
    status: number,
    contentType: string | undefined,
    headers: Record<string, unknown>,
    body: unknown,
  ): string[] {
    const path = route.path;
    const method = route.method.toLowerCase();
    const operation = this.document.paths[path]?.[method];
    if (!operation) return [`${route.method} ${path} is not in the document`];
    const documented = operation.responses[String(status)];
    if (!documented) return [`status ${status} is not documented`];
    const response = this.resolve(documented, 'responses');
    const problems: string[] = [];

    const lowerHeaders = Object.fromEntries(
      Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]),
    );
    for (const [name, header] of Object.entries(response.headers ?? {})) {
      const schema = this.resolve(header, 'headers').schema;
      const value = lowerHeaders[name.toLowerCase()];
      if (value === undefined) {
        problems.push(`header ${name} is missing`);
        continue;
      }
      const typed = schema?.type === 'integer' || schema?.type === 'number' ? Number(value) : value;
      if (schema && !this.ajv.validate(schema, typed)) {
        problems.push(`header ${name}: ${this.ajv.errorsText(this.ajv.errors)}`);
      }
    }

    const type = contentType?.split(';')[0]!.trim();
    const content = response.content ?? {};
    if (!type || !(type in content)) {
      problems.push(`content type ${type} is not documented (${Object.keys(content).join(', ')})`);
      return problems;
    }
    if (type === 'application/json') {
      const ref = (content[type]!.schema as { $ref?: string } | undefined)?.$ref;
      const pointer = ref ? ref.slice(1) : `/paths/${escape(path)}/${method}/responses/${status}`;
      const validate = this.validator(ref ? pointer : `${pointer}/content/application~1json/schema`);
      if (!validate(body)) problems.push(`body: ${this.ajv.errorsText(validate.errors)}`);
    }
    return problems;
  }

  /** What is wrong with a webhook delivery (its headers and raw body), or an empty list. */
  checkWebhook(headers: Record<string, unknown>, rawBody: string): string[] {
    let body: { type?: unknown };
    try {
      body = JSON.parse(rawBody) as { type?: unknown };
    } catch {
      return ['the body is not JSON'];
    }
    const event = String(body.type);
    const operation = this.document.webhooks?.[event]?.post;
    if (!operation) return [`event ${event} is not in the document's webhooks`];
    const problems: string[] = [];
    const lowerHeaders = Object.fromEntries(
      Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]),
    );
    for (const parameter of operation.parameters.filter((p) => p.in === 'header')) {
      const value = lowerHeaders[parameter.name.toLowerCase()];
      if (value === undefined) {
        if (parameter.required) problems.push(`header ${parameter.name} is missing`);
      } else if (parameter.schema && !this.ajv.validate(parameter.schema, value)) {
        problems.push(`header ${parameter.name}: ${this.ajv.errorsText(this.ajv.errors)}`);
      }
    }
    const type = String(lowerHeaders['content-type'] ?? '')
      .split(';')[0]!
      .trim();
    if (!(type in operation.requestBody.content)) {
      problems.push(`content type ${type} is not documented`);
      return problems;
    }
    const validate = this.validator(
      `/webhooks/${escape(event)}/post/requestBody/content/${escape(type)}/schema`,
    );
    if (!validate(body)) problems.push(`body: ${this.ajv.errorsText(validate.errors)}`);
    return problems;
  }
}

/** A JSON Pointer segment. */
const escape = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

function keyRouteOf(request: Request): AnyRoute | undefined {
  const contract = (request.route.settings.app as Partial<ContractRouteApp> | undefined)?.contract;
  return contract && keyPermissionOf(contract.access) ? (contract as AnyRoute) : undefined;
}

/** The answer as it was sent: status, content type, headers and parsed JSON body. */
function answerOf(response: ResponseObject) {
  const headers = response.headers as Record<string, unknown>;
  const contentType = Object.entries(headers).find(([name]) => name.toLowerCase() === 'content-type')?.[1];
  const source = response.source as unknown;
  let body: unknown;
  if (String(contentType).startsWith('application/json')) {
    body = typeof source === 'string' ? JSON.parse(source) : JSON.parse(JSON.stringify(source));
  }
  return {
    status: response.statusCode,
    contentType: contentType === undefined ? undefined : String(contentType),
    headers,
    body,
  };
}

/**
 * In tests, every answer of an /api/v1 route is checked against the OpenAPI document once it is
 * sent, whichever part of the server made it (a handler, the auth strategy, the rate limit, the
 * outage guard); what breaks the document is kept for the test to see. The check runs on the
 * answer as sent because an extension that answers with an error ends the others.
 */
export function checkV1AnswersAgainstDocument(server: Server): { violations: string[] } {
  const checker = new OpenApiResponseChecker();
  const found = { violations: [] as string[] };
  server.events.on('response', (request) => {
    const route = keyRouteOf(request);
    const response = request.response as ResponseObject | null;
    if (!route || !response || Boom.isBoom(response)) return;
    const answer = answerOf(response);
    const problems = checker.check(route, answer.status, answer.contentType, answer.headers, answer.body);
    if (problems.length > 0) {
      found.violations.push(
        `${request.method.toUpperCase()} ${request.path} answered ${answer.status}, which breaks the OpenAPI document: ${problems.join('; ')}`,
      );
    }
  });
  return found;
}
