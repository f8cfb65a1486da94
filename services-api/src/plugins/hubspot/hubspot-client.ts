import { z } from 'zod';
import { AnswerTooLargeError, jsonAtMost } from '../../http/outgoing.js';
import { errorFromAnswer, errorWithoutAnswer, HubSpotError } from './hubspot-error.js';
import type { SlidingWindowLimiter } from './hubspot-rate-limit.js';

export { HubSpotError } from './hubspot-error.js';

/** Where HubSpot's public API lives. */
export const HUBSPOT_API_URL = 'https://api.hubapi.com';

/** HubSpot's object API takes at most 100 inputs in one batch request. */
export const HUBSPOT_BATCH_LIMIT = 100;

/** A request that has not been answered by then has failed (the caller's own signal may end it sooner). */
export const HUBSPOT_TIMEOUT_MS = 30_000;

/**
 * How much of HubSpot's answers is read. An account's contact properties (a few hundred built in,
 * plus its custom ones, each with its options) come to a few hundred kilobytes; a batch upsert
 * echoes back every property it set on up to 100 contacts, so it gets the same room; errors have
 * their own, smaller limit.
 */
const ANSWER_LIMITS = { propertyList: 1024 * 1024, batchUpsert: 1024 * 1024, account: 64 * 1024 } as const;

const PropertyOption = z.object({
  label: z.string(),
  value: z.string(),
  displayOrder: z.number().optional(),
  hidden: z.boolean().optional(),
});

const Property = z.object({
  name: z.string(),
  label: z.string(),
  type: z.string(),
  fieldType: z.string(),
  groupName: z.string(),
  description: z.string().optional(),
  options: z.array(PropertyOption).optional(),
});

const PropertyList = z.object({ results: z.array(Property) });

/** Of the account's details, what the product shows: which account the token belongs to. */
const AccountDetails = z.object({ portalId: z.number().int(), uiDomain: z.string().optional() });
export type HubSpotAccountDetails = z.infer<typeof AccountDetails>;

const BatchUpsertAnswer = z.object({
  status: z.string(),
  results: z.array(
    z.object({
      id: z.string(),
      properties: z.record(z.string(), z.string().nullable()).optional(),
      new: z.boolean().optional(),
    }),
  ),
  errors: z
    .array(
      z.object({
        status: z.string().optional(),
        category: z.string().optional(),
        message: z.string().optional(),
        context: z.record(z.string(), z.unknown()).optional(),
      }),
    )
    .optional(),
});

export type HubSpotPropertyOption = z.infer<typeof PropertyOption>;
export type HubSpotProperty = z.infer<typeof Property>;

/** A property group: the heading a record's custom properties are shown under in HubSpot. */
export interface NewPropertyGroup {
  /** Internal name: lower-case letters, digits and underscores. */
  name: string;
  label: string;
  displayOrder?: number;
}

/** A custom contact property; `type` and `fieldType` are HubSpot's (e.g. `enumeration` with `select`). */
export interface NewProperty {
  name: string;
  label: string;
  type: 'string' | 'number' | 'date' | 'datetime' | 'enumeration' | 'bool';
  fieldType: string;
  groupName: string;
  description?: string;
  /** Required for `enumeration` and `bool` properties. */
  options?: HubSpotPropertyOption[];
}

/** One contact to create or update, found by its email address. */
export interface ContactUpsert {
  email: string;
  /** Property values by internal name; HubSpot takes every value as text. */
  properties: Record<string, string>;
}

export interface UpsertedContact {
  /** HubSpot's record id. */
  id: string;
  email: string | undefined;
  /** Whether this request created the contact; undefined when HubSpot did not say. */
  created: boolean | undefined;
}

/** An input HubSpot refused while it took the others (a 207 answer). */
export interface BatchInputError {
  category: string | undefined;
  message: string;
  context: Record<string, unknown> | undefined;
}

export interface BatchUpsertResult {
  contacts: UpsertedContact[];
  errors: BatchInputError[];
}

/** What a create came to: made now, or already there from an earlier run. */
export type CreateOutcome = 'created' | 'exists';

export interface HubSpotClientOptions {
  /** A private app's access token (or a service key), sent as a Bearer token. */
  accessToken: string;
  baseUrl?: string;
  timeoutMs?: number;
  /** Every request waits for a slot here first; share one per access token. */
  limiter?: SlidingWindowLimiter;
}

/** Per call: the caller's signal (a job's attempt) ends the request and anything it waits for. */
export interface CallOptions {
  signal?: AbortSignal;
}

interface Answer {
  status: number;
  json: unknown;
}

interface Call extends CallOptions {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** How much of a successful answer to read; undefined reads none of it. */
  maxBytes?: number;
}

/**
 * A client for the parts of HubSpot's CRM v3 API the lead desk uses: contact properties, property
 * groups and batch upserts of contacts by email. Failures are HubSpotErrors; when the caller's
 * signal aborts, calls reject with the signal's reason instead, as fetch does.
 */
export class HubSpotClient {
  private readonly accessToken: string;
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly limiter: SlidingWindowLimiter | undefined;

  constructor(options: HubSpotClientOptions) {
    this.accessToken = options.accessToken;
    this.baseUrl = (options.baseUrl ?? HUBSPOT_API_URL).replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? HUBSPOT_TIMEOUT_MS;
    this.limiter = options.limiter;
  }

  /** Every contact property of the account, built-in and custom. */
  async listContactProperties(options: CallOptions = {}): Promise<HubSpotProperty[]> {
    const answer = await this.call({
      ...options,
      method: 'GET',
      path: '/crm/v3/properties/contacts',
      maxBytes: ANSWER_LIMITS.propertyList,
    });
    return parseAnswer(PropertyList, answer).results;
  }

  /** The account the token belongs to: its id (the "portal" or "Hub" id). */
  async accountDetails(options: CallOptions = {}): Promise<HubSpotAccountDetails> {
    const answer = await this.call({
      ...options,
      method: 'GET',
      path: '/account-info/v3/details',
      maxBytes: ANSWER_LIMITS.account,
    });
    return parseAnswer(AccountDetails, answer);
  }

  /** Creates a contact property group; one that already exists (409) is left as it is. */
  createContactPropertyGroup(group: NewPropertyGroup, options: CallOptions = {}): Promise<CreateOutcome> {
    return this.create('/crm/v3/properties/contacts/groups', group, options);
  }

  /** Creates a custom contact property; one that already exists (409) is left as it is. */
  createContactProperty(property: NewProperty, options: CallOptions = {}): Promise<CreateOutcome> {
    return this.create('/crm/v3/properties/contacts', property, options);
  }

  /**
   * Creates or updates up to 100 contacts in one request, each found by its email address. A 207
   * answer's refused inputs come back in `errors`; a refused request throws.
   */
  async batchUpsertContacts(
    contacts: ContactUpsert[],
    options: CallOptions = {},
  ): Promise<BatchUpsertResult> {
    if (contacts.length > HUBSPOT_BATCH_LIMIT) {
      throw new RangeError(`a batch holds at most ${HUBSPOT_BATCH_LIMIT} contacts, not ${contacts.length}`);
    }
    const answer = await this.call({
      ...options,
      method: 'POST',
      path: '/crm/v3/objects/contacts/batch/upsert',
      body: {
        inputs: contacts.map((c) => ({ id: c.email, idProperty: 'email', properties: c.properties })),
      },
      maxBytes: ANSWER_LIMITS.batchUpsert,
    });
    const parsed = parseAnswer(BatchUpsertAnswer, answer);
    return {
      contacts: parsed.results.map((r) => ({
        id: r.id,
        email: r.properties?.email ?? undefined,
        created: r.new,
      })),
      errors: (parsed.errors ?? []).map((e) => ({
        category: e.category,
        message: e.message ?? 'no message',
        context: e.context,
      })),
    };
  }

  private async create(path: string, body: object, options: CallOptions): Promise<CreateOutcome> {
    try {
      await this.call({ ...options, method: 'POST', path, body });
      return 'created';
    } catch (error) {
      if (error instanceof HubSpotError && error.status === 409) return 'exists';
      throw error;
    }
  }

  /** Sends one request through the limiter; its answer's JSON is undefined when not read. */
  private async call({ method, path, body, maxBytes, signal }: Call): Promise<Answer> {
    const release = this.limiter ? await this.limiter.acquire(signal) : undefined;
    const timeout = AbortSignal.timeout(this.timeoutMs);
    const requestSignal = signal ? AbortSignal.any([signal, timeout]) : timeout;
    let status: number | null = null;
    try {
      const response = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.accessToken}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        redirect: 'manual',
        signal: requestSignal,
      });
      status = response.status;
      // HubSpot has counted the request once it answers: the rest of the read holds no slot.
      release?.();
      if (!response.ok) {
        const error = await errorFromAnswer(response);
        // Every request through this limiter holds back, not only the one that was refused.
        if (error.status === 429 && error.retryAfterMs) this.limiter?.pause(error.retryAfterMs);
        throw error;
      }
      if (maxBytes === undefined) {
        await response.body?.cancel().catch(() => {});
        return { status: response.status, json: undefined };
      }
      return { status: response.status, json: await jsonAtMost(response, maxBytes) };
    } catch (error) {
      if (error instanceof HubSpotError) throw error;
      if (signal?.aborted) throw signal.reason;
      if (error instanceof AnswerTooLargeError || error instanceof SyntaxError) {
        throw new HubSpotError({
          status,
          hubspotMessage: `its answer could not be read: ${error.message}`,
          retryable: false,
          cause: error,
        });
      }
      throw errorWithoutAnswer(error, timeout.aborted, this.timeoutMs);
    } finally {
      release?.();
    }
  }
}

/** The answer in the shape this client relies on, or a HubSpotError naming what differs. */
function parseAnswer<T>(schema: z.ZodType<T>, answer: Answer): T {
  const parsed = schema.safeParse(answer.json);
  if (parsed.success) return parsed.data;
  throw new HubSpotError({
    status: answer.status,
    hubspotMessage: `its answer was not in the documented shape: ${z.prettifyError(parsed.error)}`,
    retryable: false,
  });
}
