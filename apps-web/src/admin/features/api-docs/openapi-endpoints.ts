import { API_KEY_PERMISSIONS, permissionAllows, type ApiKeyPermission } from '@msp/shared/browser';

/**
 * The endpoints of an OpenAPI 3.1 document, as the API Documentation screen lists them. Read from
 * the document the server generates from the contract, so the screen can never drift from the API.
 * The document is read defensively: a part that is missing or malformed is left out, not thrown.
 */

export interface ApiParameter {
  name: string;
  /** Where it goes: path, query, header or cookie. */
  in: string;
  required: boolean;
  /** A short type, e.g. "string (date-time)", "integer", "read | user_manage | admin". */
  type: string;
  description?: string;
  /** A value to try, from the document's example. */
  example?: string;
}

export interface ApiBodyField {
  name: string;
  required: boolean;
  type: string;
  description?: string;
}

export interface ApiResponse {
  status: string;
  description: string;
}

export interface ApiEndpoint {
  /** "GET /api/v1/submissions": unique within a document. */
  id: string;
  method: string;
  /** The full path, the server's base included. */
  path: string;
  summary: string;
  description?: string;
  /** The key permission it needs, or null when the document does not say. */
  permission: ApiKeyPermission | null;
  parameters: ApiParameter[];
  /** The JSON body's top-level fields, or null for a call without a body. */
  body: { required: boolean; fields: ApiBodyField[]; type: string; example?: unknown } | null;
  responses: ApiResponse[];
  /** The success answer's example, when the document gives one. */
  example?: unknown;
  deprecated: boolean;
}

export interface ApiEndpointGroup {
  name: string;
  description?: string;
  endpoints: ApiEndpoint[];
}

type Json = Record<string, unknown>;

const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'trace'] as const;
/** How deep schema references are followed: the document is generated, but may be recursive. */
const MAX_DEPTH = 8;

const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim() : undefined;
const isPermission = (value: unknown): value is ApiKeyPermission =>
  typeof value === 'string' && (API_KEY_PERMISSIONS as readonly string[]).includes(value);

/** Follows a local `$ref` ("#/components/schemas/User") to what it names, once. */
function resolve(document: Json, value: unknown): unknown {
  if (!isRecord(value) || typeof value.$ref !== 'string' || !value.$ref.startsWith('#/')) return value;
  let current: unknown = document;
  for (const raw of value.$ref.slice(2).split('/')) {
    const segment = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isRecord(current)) return undefined;
    current = current[segment];
  }
  return current;
}

/** Follows references until something that is not one, within the depth limit. */
function deref(document: Json, value: unknown): Json | undefined {
  let current = value;
  for (let depth = 0; depth < MAX_DEPTH && isRecord(current) && typeof current.$ref === 'string'; depth++) {
    current = resolve(document, current);
  }
  return isRecord(current) && typeof current.$ref !== 'string' ? current : undefined;
}

const refName = (value: unknown): string | undefined =>
  isRecord(value) && typeof value.$ref === 'string' ? value.$ref.split('/').at(-1) : undefined;

/** A JSON Schema in a few words: "string (email)", "integer | null", "array of Submission". */
export function schemaType(document: Json, schema: unknown, depth = 0): string {
  if (depth > MAX_DEPTH) return 'object';
  const named = refName(schema);
  const resolved = deref(document, schema);
  if (!resolved) return named ?? 'any';
  if ('const' in resolved) return JSON.stringify(resolved.const);
  if (Array.isArray(resolved.enum)) return resolved.enum.map((value) => String(value)).join(' | ');
  const variants = (resolved.anyOf ?? resolved.oneOf) as unknown;
  if (Array.isArray(variants)) {
    return [...new Set(variants.map((variant) => schemaType(document, variant, depth + 1)))].join(' | ');
  }
  const types = Array.isArray(resolved.type) ? resolved.type : [resolved.type];
  const words = types.filter((type): type is string => typeof type === 'string');
  if (words.length === 0) return named ?? (isRecord(resolved.properties) ? 'object' : 'any');
  return words
    .map((type) => {
      if (type === 'array') return `array of ${schemaType(document, resolved.items, depth + 1)}`;
      if (type === 'object' && named) return named;
      const format = text(resolved.format);
      return format ? `${type} (${format})` : type;
    })
    .join(' | ');
}

function parameter(document: Json, raw: unknown): ApiParameter | null {
  const value = deref(document, raw);
  const name = text(value?.name);
  const location = text(value?.in);
  if (!value || !name || !location) return null;
  const schema = deref(document, value.schema);
  const example = value.example ?? schema?.example;
  return {
    name,
    in: location,
    required: value.required === true || location === 'path',
    type: schemaType(document, value.schema),
    description: text(value.description) ?? text(schema?.description),
    ...(example !== undefined && {
      example: typeof example === 'string' ? example : JSON.stringify(example),
    }),
  };
}

/** The operation's parameters and its path's, the operation's winning on name and place. */
function parameters(document: Json, pathItem: Json, operation: Json): ApiParameter[] {
  const all = [
    ...(Array.isArray(pathItem.parameters) ? pathItem.parameters : []),
    ...(Array.isArray(operation.parameters) ? operation.parameters : []),
  ]
    .map((raw) => parameter(document, raw))
    .filter((value): value is ApiParameter => value !== null);
  const byKey = new Map(all.map((value) => [`${value.in}:${value.name}`, value]));
  const order: Record<string, number> = { path: 0, query: 1, header: 2, cookie: 3 };
  return [...byKey.values()].sort((a, b) => (order[a.in] ?? 9) - (order[b.in] ?? 9));
}

function jsonContent(document: Json, holder: unknown): Json | undefined {
  const content = deref(document, holder)?.content;
  if (!isRecord(content)) return undefined;
  const key = Object.keys(content).find((type) => /json/i.test(type)) ?? Object.keys(content)[0];
  return key ? deref(document, content[key]) : undefined;
}

function requestBody(document: Json, operation: Json): ApiEndpoint['body'] {
  if (operation.requestBody === undefined) return null;
  const body = deref(document, operation.requestBody);
  const media = jsonContent(document, operation.requestBody);
  const schema = deref(document, media?.schema);
  const required = new Set(Array.isArray(schema?.required) ? schema.required : []);
  const properties = isRecord(schema?.properties) ? schema.properties : {};
  const example = mediaExample(document, media);
  return {
    required: body?.required === true,
    type: schemaType(document, media?.schema),
    ...(example !== undefined && { example }),
    fields: Object.entries(properties).map(([name, property]) => ({
      name,
      required: required.has(name),
      type: schemaType(document, property),
      description: text(deref(document, property)?.description),
    })),
  };
}

/** The example of a media type: `example`, else the first of `examples`. */
function mediaExample(document: Json, media: Json | undefined): unknown {
  if (!media) return undefined;
  if (media.example !== undefined) return media.example;
  if (isRecord(media.examples)) {
    const first = deref(document, Object.values(media.examples)[0]);
    if (first && 'value' in first) return first.value;
  }
  const schema = deref(document, media.schema);
  if (schema?.example !== undefined) return schema.example;
  if (Array.isArray(schema?.examples) && schema.examples.length > 0) return schema.examples[0];
  return undefined;
}

function responses(document: Json, operation: Json): { list: ApiResponse[]; example: unknown } {
  if (!isRecord(operation.responses)) return { list: [], example: undefined };
  const entries = Object.entries(operation.responses).sort(([a], [b]) => a.localeCompare(b));
  const success = entries.find(([status]) => status.startsWith('2'));
  return {
    list: entries.map(([status, raw]) => ({
      status,
      description: text(deref(document, raw)?.description) ?? '',
    })),
    example: success ? mediaExample(document, jsonContent(document, success[1])) : undefined,
  };
}

/**
 * The permission an operation needs: its `x-permission` extension, else one named in its
 * description ("Needs the read permission", "Permission: `user_manage`").
 */
export function operationPermission(operation: Json): ApiKeyPermission | null {
  const extension = operation['x-permission'];
  if (isPermission(extension)) return extension;
  const description = [operation.description, operation.summary].filter((part) => typeof part === 'string');
  for (const part of description as string[]) {
    const named =
      /permission[^.\n]*?[`'"]?\b(read|user_manage|admin)\b/i.exec(part) ??
      /\b(read|user_manage|admin)\b[`'"]?\s+permission/i.exec(part);
    const found = named?.[1]?.toLowerCase();
    if (isPermission(found)) return found;
  }
  return null;
}

/** The server's base path ("/api/v1"), from the document's first server, when it names one. */
function basePath(document: Json): string {
  const server = Array.isArray(document.servers) ? document.servers[0] : undefined;
  const url = isRecord(server) ? text(server.url) : undefined;
  if (!url) return '';
  try {
    return new URL(url, 'http://base.invalid').pathname.replace(/\/+$/, '');
  } catch {
    return '';
  }
}

/** "submissions" for "/api/v1/submissions/{id}": the group of an operation without tags. */
function firstSegment(path: string, base: string): string {
  // Without a base, a versioned prefix ("/api/v1") is still no group.
  const rest =
    base && path.startsWith(base) ? path.slice(base.length) : path.replace(/^\/api\/v\d+(?=\/)/, '');
  return rest.split('/').find(Boolean) ?? 'other';
}

const capitalise = (word: string) =>
  word.replace(/[-_]+/g, ' ').replace(/^\w/, (letter) => letter.toUpperCase());

/**
 * Every operation of the document, grouped by its first tag (in the order the document's `tags`
 * list gives, then as met), else by its path's first segment. Paths keep the document's order.
 */
export function apiEndpointGroups(document: unknown): ApiEndpointGroup[] {
  if (!isRecord(document) || !isRecord(document.paths)) return [];
  const base = basePath(document);
  const groups = new Map<string, ApiEndpointGroup>();
  for (const tag of Array.isArray(document.tags) ? document.tags : []) {
    const name = isRecord(tag) ? text(tag.name) : undefined;
    if (name)
      groups.set(name, {
        name,
        description: isRecord(tag) ? text(tag.description) : undefined,
        endpoints: [],
      });
  }

  for (const [rawPath, rawItem] of Object.entries(document.paths)) {
    const pathItem = deref(document, rawItem);
    if (!pathItem) continue;
    const path = base && !rawPath.startsWith(`${base}/`) && rawPath !== base ? `${base}${rawPath}` : rawPath;
    for (const method of METHODS) {
      const operation = deref(document, pathItem[method]);
      if (!operation) continue;
      const { list, example } = responses(document, operation);
      const endpoint: ApiEndpoint = {
        id: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        summary: text(operation.summary) ?? text(operation.operationId) ?? '',
        description: text(operation.description),
        permission: operationPermission(operation),
        parameters: parameters(document, pathItem, operation),
        body: requestBody(document, operation),
        responses: list,
        ...(example !== undefined && { example }),
        deprecated: operation.deprecated === true,
      };
      const tags = Array.isArray(operation.tags) ? operation.tags : [];
      const name = text(tags[0]) ?? capitalise(firstSegment(path, base));
      const group = groups.get(name) ?? { name, endpoints: [] };
      group.endpoints.push(endpoint);
      groups.set(name, group);
    }
  }
  return [...groups.values()].filter((group) => group.endpoints.length > 0);
}

/** How many endpoints a permission opens: its own and every lower level's. */
export function endpointsAllowed(groups: readonly ApiEndpointGroup[], permission: ApiKeyPermission): number {
  return groups
    .flatMap((group) => group.endpoints)
    .filter((endpoint) => endpoint.permission !== null && permissionAllows(permission, endpoint.permission))
    .length;
}
