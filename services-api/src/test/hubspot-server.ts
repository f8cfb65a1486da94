import { randomUUID } from 'node:crypto';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { z } from 'zod';

/**
 * A stand-in for the parts of HubSpot's CRM v3 API the lead desk uses, on a free port of
 * 127.0.0.1, built from HubSpot's public documentation: Bearer tokens, the account's details,
 * contact properties and property groups, batch upserts of contacts by email (at most 100
 * inputs), the error document (`status`, `message`, `correlationId`, `category`, `errors[]`) and a
 * rolling-window burst limit answered with 429, Retry-After and a `policyName`. The wording of its
 * messages is its own: tests assert on statuses, categories and codes, never on HubSpot's texts.
 */

/** A forced answer: an error status, or `hang` (never answered, for timeouts and aborts). */
export type ForcedAnswer = 401 | 429 | 500 | 503 | 'hang';

export interface HubSpotServerOptions {
  /** The one token it accepts. */
  accessToken?: string;
  /** Its burst limit; HubSpot's smallest is 100 requests in a rolling 10 seconds. */
  rateLimit?: { maxRequests: number; windowMs: number };
  /** The account's id, as its details give it. */
  portalId?: number;
}

/** A request it received, in arrival order. */
export interface RecordedHubSpotRequest {
  method: string;
  /** The path without the query. */
  path: string;
  query: Record<string, string>;
  /** As Node reports them: lower-case names. */
  headers: IncomingHttpHeaders;
  rawBody: string;
  /** The body parsed as JSON; undefined when it is not JSON. */
  body: unknown;
  answered: number | 'hang';
}

export interface StoredContact {
  id: string;
  properties: Record<string, string>;
  createdAt: string;
  updatedAt: string;
}

const PropertyOption = z.object({
  label: z.string().min(1),
  value: z.string().min(1),
  displayOrder: z.number().int().optional(),
  hidden: z.boolean().optional(),
});

const NewGroup = z.object({
  name: z.string().regex(/^[a-z][a-z0-9_]*$/),
  label: z.string().min(1),
  displayOrder: z.number().int().optional(),
});

const NewProperty = z.object({
  name: z.string().regex(/^[a-z][a-z0-9_]*$/),
  label: z.string().min(1),
  type: z.enum(['string', 'number', 'date', 'datetime', 'enumeration', 'bool']),
  fieldType: z.enum([
    'text',
    'textarea',
    'number',
    'date',
    'select',
    'radio',
    'checkbox',
    'booleancheckbox',
    'phonenumber',
    'html',
    'file',
    'calculation_equation',
  ]),
  groupName: z.string().min(1),
  description: z.string().optional(),
  options: z.array(PropertyOption).optional(),
});

const BatchUpsert = z.object({
  inputs: z.array(
    z.object({
      id: z.string().min(1),
      idProperty: z.literal('email'),
      properties: z.record(z.string(), z.string()),
    }),
  ),
});

export type StoredProperty = z.infer<typeof NewProperty>;
export type StoredGroup = z.infer<typeof NewGroup>;

export interface TestHubSpotServer {
  /** `http://127.0.0.1:PORT`: the client's baseUrl. */
  baseUrl: string;
  accessToken: string;
  /** Every request received; tests may empty it with `requests.length = 0`. */
  requests: RecordedHubSpotRequest[];
  /** Contacts by email address, lower-case. */
  contacts: Map<string, StoredContact>;
  properties: Map<string, StoredProperty>;
  groups: Map<string, StoredGroup>;
  /** 429s it gave because its own burst limit was reached (forced ones not counted). */
  readonly rateLimitedCount: number;
  /**
   * Answers the next `times` requests (default 1) with `answer`, before anything else is checked.
   * A forced 429 sends Retry-After only when `retryAfterSeconds` is given.
   */
  failNext(answer: ForcedAnswer, options?: { times?: number; retryAfterSeconds?: number }): void;
  /** Stops the server, ending any request left hanging. */
  close(): Promise<void>;
}

/** The default contact properties it starts with: a few of the ones every HubSpot account has. */
function builtInProperties(): StoredProperty[] {
  const text = (name: string, label: string): StoredProperty => ({
    name,
    label,
    type: 'string',
    fieldType: 'text',
    groupName: 'contactinformation',
  });
  return [
    text('email', 'Email'),
    text('firstname', 'First Name'),
    text('lastname', 'Last Name'),
    text('company', 'Company Name'),
    text('jobtitle', 'Job Title'),
    text('country', 'Country/Region'),
    { ...text('phone', 'Phone Number'), fieldType: 'phonenumber' },
    {
      ...text('lifecyclestage', 'Lifecycle Stage'),
      type: 'enumeration',
      fieldType: 'radio',
      options: ['subscriber', 'lead', 'marketingqualifiedlead', 'salesqualifiedlead', 'customer'].map(
        (value, displayOrder) => ({ label: value, value, displayOrder }),
      ),
    },
    { ...text('hs_object_id', 'Record ID'), type: 'number', fieldType: 'number' },
    { ...text('createdate', 'Create Date'), type: 'datetime', fieldType: 'date' },
    { ...text('lastmodifieddate', 'Last Modified Date'), type: 'datetime', fieldType: 'date' },
  ];
}

interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

function errorAnswer(status: number, category: string | undefined, message: string, extra = {}): Answer {
  return {
    status,
    body: {
      status: 'error',
      message,
      correlationId: randomUUID(),
      ...(category ? { category } : {}),
      ...extra,
    },
  };
}

/** What it says to a request without the right token. */
export const UNAUTHORIZED_MESSAGE = 'The access token is missing, expired or not valid.';

const unauthorized = () => errorAnswer(401, 'INVALID_AUTHENTICATION', UNAUTHORIZED_MESSAGE);

function rateLimited(retryAfterSeconds: number | undefined): Answer {
  const answer = errorAnswer(429, 'RATE_LIMITS', 'The rolling ten-second request limit has been reached.', {
    errorType: 'RATE_LIMIT',
    policyName: 'TEN_SECONDLY_ROLLING',
  });
  return retryAfterSeconds === undefined
    ? answer
    : { ...answer, headers: { 'retry-after': String(retryAfterSeconds) } };
}

function invalid(error: z.ZodError): Answer {
  return errorAnswer(400, 'VALIDATION_ERROR', `Invalid input: ${z.prettifyError(error)}`);
}

/** The in-memory account: its properties, groups and contacts, and the requests that change them. */
function createAccount(portalId: number) {
  // The documented answer of the account's details, for a standard account.
  const details = {
    portalId,
    accountType: 'STANDARD',
    timeZone: 'US/Eastern',
    companyCurrency: 'USD',
    additionalCurrencies: [],
    utcOffset: '-05:00',
    utcOffsetMilliseconds: -18_000_000,
    uiDomain: 'app.hubspot.com',
    dataHostingLocation: 'na1',
  };
  const properties = new Map(builtInProperties().map((p) => [p.name, p]));
  const groups = new Map<string, StoredGroup>([
    ['contactinformation', { name: 'contactinformation', label: 'Contact information', displayOrder: 0 }],
  ]);
  const contacts = new Map<string, StoredContact>();
  let nextId = 1001;

  function createGroup(input: unknown): Answer {
    const parsed = NewGroup.safeParse(input);
    if (!parsed.success) return invalid(parsed.error);
    if (groups.has(parsed.data.name)) {
      return errorAnswer(409, 'OBJECT_ALREADY_EXISTS', `A property group named ${parsed.data.name} exists.`);
    }
    groups.set(parsed.data.name, parsed.data);
    return { status: 201, body: { ...parsed.data, archived: false } };
  }

  function createProperty(input: unknown): Answer {
    const parsed = NewProperty.safeParse(input);
    if (!parsed.success) return invalid(parsed.error);
    const property = parsed.data;
    if (properties.has(property.name)) {
      return errorAnswer(409, 'OBJECT_ALREADY_EXISTS', `A property named ${property.name} exists.`);
    }
    if (!groups.has(property.groupName)) {
      return errorAnswer(400, 'VALIDATION_ERROR', `No property group named ${property.groupName}.`);
    }
    if ((property.type === 'enumeration' || property.type === 'bool') && !property.options?.length) {
      return errorAnswer(400, 'VALIDATION_ERROR', `Property ${property.name} needs options.`);
    }
    properties.set(property.name, property);
    const now = new Date().toISOString();
    return { status: 201, body: { ...property, createdAt: now, updatedAt: now, hidden: false } };
  }

  /** The problems with a contact's values: properties that do not exist, options that are not offered. */
  function valueErrors(values: Record<string, string>) {
    const errors: { message: string; code: string; context: Record<string, string[]> }[] = [];
    for (const [name, value] of Object.entries(values)) {
      const property = properties.get(name);
      if (!property) {
        errors.push({
          message: `Property "${name}" does not exist`,
          code: 'PROPERTY_DOESNT_EXIST',
          context: { propertyName: [name] },
        });
      } else if (property.type === 'enumeration' && value !== '') {
        const offered = new Set(property.options?.map((o) => o.value));
        const chosen = property.fieldType === 'checkbox' ? value.split(';') : [value];
        if (chosen.some((v) => !offered.has(v))) {
          errors.push({
            message: `${value} is not an option of ${name}`,
            code: 'INVALID_OPTION',
            context: { propertyName: [name] },
          });
        }
      }
    }
    return errors;
  }

  function upsertContacts(input: unknown, maxInputs: number): Answer {
    const parsed = BatchUpsert.safeParse(input);
    if (!parsed.success) return invalid(parsed.error);
    const { inputs } = parsed.data;
    if (inputs.length > maxInputs) {
      return errorAnswer(
        400,
        'VALIDATION_ERROR',
        `At most ${maxInputs} inputs in a batch; ${inputs.length} given.`,
      );
    }
    const ids = inputs.map((i) => i.id.trim().toLowerCase());
    const duplicates = ids.filter((id, index) => ids.indexOf(id) !== index);
    if (duplicates.length > 0) {
      return errorAnswer(400, 'VALIDATION_ERROR', `Duplicate IDs in batch input: ${duplicates.join(', ')}.`);
    }
    const errors = inputs.flatMap((i) => valueErrors(i.properties));
    if (errors.length > 0) {
      return errorAnswer(400, 'VALIDATION_ERROR', `Property values were not valid.`, { errors });
    }
    const startedAt = new Date().toISOString();
    const results = inputs.map((item, index) => {
      const email = ids[index]!;
      const now = new Date().toISOString();
      const existing = contacts.get(email);
      const id = existing?.id ?? String(nextId++);
      const contact: StoredContact = {
        id,
        createdAt: existing?.createdAt ?? now,
        updatedAt: now,
        properties: {
          ...existing?.properties,
          ...item.properties,
          email,
          hs_object_id: id,
          createdate: existing?.createdAt ?? now,
          lastmodifieddate: now,
        },
      };
      contacts.set(email, contact);
      return { ...contact, archived: false, new: !existing };
    });
    return {
      status: 200,
      body: { status: 'COMPLETE', results, startedAt, completedAt: new Date().toISOString() },
    };
  }

  return { details, properties, groups, contacts, createGroup, createProperty, upsertContacts };
}

/** What answers a request once its token and the burst limit have been checked. */
function route(
  account: ReturnType<typeof createAccount>,
  method: string,
  path: string,
  body: unknown,
): Answer {
  const request = `${method} ${path}`;
  if (request === 'GET /account-info/v3/details') return { status: 200, body: account.details };
  if (request === 'GET /crm/v3/properties/contacts') {
    return { status: 200, body: { results: [...account.properties.values()] } };
  }
  if (body === undefined && method === 'POST') {
    return errorAnswer(400, 'VALIDATION_ERROR', 'The body is not JSON.');
  }
  if (request === 'POST /crm/v3/properties/contacts/groups') return account.createGroup(body);
  if (request === 'POST /crm/v3/properties/contacts') return account.createProperty(body);
  if (request === 'POST /crm/v3/objects/contacts/batch/upsert') return account.upsertContacts(body, 100);
  return errorAnswer(404, undefined, `The stand-in does not serve ${request}.`);
}

function send(res: http.ServerResponse, answer: Answer): void {
  const payload = JSON.stringify(answer.body);
  res.writeHead(answer.status, {
    'content-type': 'application/json;charset=utf-8',
    'content-length': Buffer.byteLength(payload),
    ...answer.headers,
  });
  res.end(payload);
}

/** A forced answer as HubSpot (or the gateway before it) would send it. */
function sendForced(res: http.ServerResponse, forced: ForcedAnswer, retryAfterSeconds?: number): void {
  if (forced === 'hang') return;
  if (forced === 401) return send(res, unauthorized());
  if (forced === 429) return send(res, rateLimited(retryAfterSeconds));
  if (forced === 500) return send(res, errorAnswer(500, undefined, 'An internal error occurred.'));
  // A gateway's page rather than HubSpot's JSON, as an outage may bring.
  res.writeHead(503, { 'content-type': 'text/html' });
  res.end('<html><body><h1>503 Service Temporarily Unavailable</h1></body></html>');
}

/** Starts a stand-in HubSpot on a free port of 127.0.0.1. */
export async function startHubSpotServer(options: HubSpotServerOptions = {}): Promise<TestHubSpotServer> {
  const accessToken = options.accessToken ?? 'pat-na1-00000000-test-token-0000';
  const { maxRequests, windowMs } = options.rateLimit ?? { maxRequests: 100, windowMs: 10_000 };
  const account = createAccount(options.portalId ?? 24_681_357);
  const requests: RecordedHubSpotRequest[] = [];
  const forced: { answer: ForcedAnswer; retryAfterSeconds?: number }[] = [];
  /** When each request in the current window arrived, oldest first. */
  const arrivals: number[] = [];
  let rateLimitedCount = 0;

  /** A 429 for this request when the window already holds `maxRequests`; every request counts. */
  function overLimit(now: number): Answer | undefined {
    while (arrivals.length > 0 && arrivals[0]! <= now - windowMs) arrivals.shift();
    const full = arrivals.length >= maxRequests;
    const retryAfterSeconds = full ? Math.max(1, Math.ceil((arrivals[0]! + windowMs - now) / 1000)) : 0;
    arrivals.push(now);
    return full ? rateLimited(retryAfterSeconds) : undefined;
  }

  const server = http.createServer((req, res) => {
    const arrivedAt = performance.now();
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = rawBody ? JSON.parse(rawBody) : undefined;
      } catch {
        body = undefined;
      }
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const method = req.method ?? '';
      const record: RecordedHubSpotRequest = {
        method,
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        rawBody,
        body,
        answered: 0,
      };
      requests.push(record);
      const limited = overLimit(arrivedAt);
      const next = forced.shift();
      if (next) {
        record.answered = next.answer;
        sendForced(res, next.answer, next.retryAfterSeconds);
        return;
      }
      const answer =
        req.headers.authorization !== `Bearer ${accessToken}`
          ? unauthorized()
          : (limited ?? route(account, method, url.pathname, body));
      if (answer === limited) rateLimitedCount += 1;
      record.answered = answer.status;
      send(res, answer);
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    accessToken,
    requests,
    contacts: account.contacts,
    properties: account.properties,
    groups: account.groups,
    get rateLimitedCount() {
      return rateLimitedCount;
    },
    failNext(answer, { times = 1, retryAfterSeconds } = {}) {
      for (let i = 0; i < times; i += 1) forced.push({ answer, retryAfterSeconds });
    },
    close() {
      return new Promise((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Hanging requests and idle keep-alive sockets would otherwise hold close() open.
        server.closeAllConnections();
      });
    },
  };
}
