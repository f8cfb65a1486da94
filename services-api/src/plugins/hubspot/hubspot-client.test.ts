import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  startHubSpotServer,
  UNAUTHORIZED_MESSAGE,
  type TestHubSpotServer,
} from '../../test/hubspot-server.js';
import { eventually } from '../../test/webhook-receiver.js';
import { batchUpsertAll, type UpsertProgress } from './batch-upsert-all.js';
import { HubSpotClient, HubSpotError, type ContactUpsert } from './hubspot-client.js';
import { SlidingWindowLimiter } from './hubspot-rate-limit.js';
import { createSecretBox, lastFour, SecretBoxError } from '../../domain/secret-box.js';

const UPSERT_PATH = '/crm/v3/objects/contacts/batch/upsert';

/** `count` contacts with distinct addresses. */
function leads(count: number, company = 'Initech'): ContactUpsert[] {
  return Array.from({ length: count }, (_, i) => ({
    email: `lead${i}@msp.example`,
    properties: { firstname: `Lead ${i}`, company },
  }));
}

/** The rejection of `promise`, to assert on its fields. */
async function failureOf(promise: Promise<unknown>): Promise<HubSpotError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HubSpotError);
  return error as HubSpotError;
}

describe('the HubSpot client against a stand-in HubSpot', () => {
  let hubspot: TestHubSpotServer;
  let client: HubSpotClient;

  beforeEach(async () => {
    hubspot = await startHubSpotServer();
    client = new HubSpotClient({ accessToken: hubspot.accessToken, baseUrl: hubspot.baseUrl });
  });

  afterEach(() => hubspot.close());

  it('sends the access token as a Bearer token and lists the contact properties', async () => {
    const properties = await client.listContactProperties();

    expect(properties.map((p) => p.name)).toEqual(expect.arrayContaining(['email', 'lifecyclestage']));
    expect(properties.find((p) => p.name === 'lifecyclestage')).toMatchObject({
      type: 'enumeration',
      groupName: 'contactinformation',
    });
    expect(hubspot.requests).toMatchObject([
      {
        method: 'GET',
        path: '/crm/v3/properties/contacts',
        headers: { authorization: `Bearer ${hubspot.accessToken}` },
      },
    ]);
  });

  it('creates a property group and its properties, and takes ones already there as done', async () => {
    const group = { name: 'lead_desk', label: 'Lead desk', displayOrder: 5 };
    const level = {
      name: 'maturity_level',
      label: 'Automation maturity level',
      type: 'enumeration' as const,
      fieldType: 'select',
      groupName: 'lead_desk',
      options: [0, 1, 2, 3, 4].map((n) => ({ label: `Level ${n}`, value: String(n), displayOrder: n })),
    };

    expect(await client.createContactPropertyGroup(group)).toBe('created');
    expect(await client.createContactProperty(level)).toBe('created');
    expect(await client.createContactPropertyGroup(group)).toBe('exists');
    expect(await client.createContactProperty(level)).toBe('exists');

    expect(hubspot.groups.get('lead_desk')).toEqual(group);
    expect(hubspot.properties.get('maturity_level')).toMatchObject({
      groupName: 'lead_desk',
      type: 'enumeration',
    });
    expect((await client.listContactProperties()).map((p) => p.name)).toContain('maturity_level');
  });

  it('a property in a group that does not exist is refused, not taken as already there', async () => {
    const error = await failureOf(
      client.createContactProperty({
        name: 'pillar_scores',
        label: 'Pillar scores',
        type: 'string',
        fieldType: 'textarea',
        groupName: 'no_such_group',
      }),
    );
    expect(error).toMatchObject({ status: 400, category: 'VALIDATION_ERROR', isRetryable: false });
  });

  it('upserts by email: the first call creates the contact, the next updates the same one', async () => {
    const first = await client.batchUpsertContacts([
      { email: 'Ada@MSP.example', properties: { firstname: 'Ada', company: 'Analytical' } },
    ]);
    const second = await client.batchUpsertContacts([
      { email: 'ada@msp.example', properties: { company: 'Engines Ltd' } },
    ]);

    expect(first.contacts).toEqual([{ id: expect.any(String), email: 'ada@msp.example', created: true }]);
    expect(second.contacts).toEqual([
      { id: first.contacts[0]!.id, email: 'ada@msp.example', created: false },
    ]);
    expect(hubspot.contacts.size).toBe(1);
    expect(hubspot.contacts.get('ada@msp.example')?.properties).toMatchObject({
      firstname: 'Ada',
      company: 'Engines Ltd',
    });
    expect(hubspot.requests[0]).toMatchObject({
      method: 'POST',
      path: UPSERT_PATH,
      headers: { 'content-type': 'application/json' },
      body: {
        inputs: [
          {
            id: 'Ada@MSP.example',
            idProperty: 'email',
            properties: { firstname: 'Ada', company: 'Analytical' },
          },
        ],
      },
    });
  });

  it('sends one input per email address, the last one given for it', async () => {
    const summary = await batchUpsertAll(client, [
      { email: 'grace@msp.example', properties: { company: 'Old Co' } },
      { email: 'Grace@MSP.example', properties: { company: 'New Co' } },
    ]);

    expect(summary).toMatchObject({ total: 1, upserted: 1, created: 1, requests: 1 });
    expect(hubspot.contacts.get('grace@msp.example')?.properties.company).toBe('New Co');
  });

  it('a property HubSpot does not know fails the batch with its validation error, without a retry', async () => {
    const error = await failureOf(
      batchUpsertAll(client, [{ email: 'x@msp.example', properties: { favourite_colour: 'teal' } }]),
    );

    expect(error).toMatchObject({ status: 400, category: 'VALIDATION_ERROR', isRetryable: false });
    expect(error.details).toEqual([expect.objectContaining({ code: 'PROPERTY_DOESNT_EXIST' })]);
    expect(hubspot.requests).toHaveLength(1);
    expect(hubspot.contacts.size).toBe(0);
  });

  it("a refused token fails with HubSpot's own message, without a retry", async () => {
    const wrongToken = new HubSpotClient({ accessToken: 'pat-na1-revoked', baseUrl: hubspot.baseUrl });

    const error = await failureOf(batchUpsertAll(wrongToken, leads(250), { backoffMs: [10] }));

    expect(error).toMatchObject({
      status: 401,
      hubspotMessage: UNAUTHORIZED_MESSAGE,
      category: 'INVALID_AUTHENTICATION',
      correlationId: expect.any(String),
      isRetryable: false,
    });
    expect(error.message).toContain(UNAUTHORIZED_MESSAGE);
    expect(error.message).not.toContain('pat-na1-revoked');
    expect(hubspot.requests).toHaveLength(1);
  });

  it("a 429 carries HubSpot's Retry-After, or the 10-second window when it names none", async () => {
    hubspot.failNext(429, { retryAfterSeconds: 3 });
    hubspot.failNext(429);

    const withHeader = await failureOf(client.listContactProperties());
    const withoutHeader = await failureOf(client.listContactProperties());

    expect(withHeader).toMatchObject({
      status: 429,
      category: 'RATE_LIMITS',
      policyName: 'TEN_SECONDLY_ROLLING',
      retryAfterMs: 3000,
      isRetryable: true,
    });
    expect(withoutHeader).toMatchObject({ status: 429, retryAfterMs: 10_000, isRetryable: true });
  });

  it('a batch answered 429 is sent again after the Retry-After, and the run completes', async () => {
    hubspot.failNext(429, { retryAfterSeconds: 1 });

    const summary = await batchUpsertAll(client, leads(150));

    expect(summary).toMatchObject({ total: 150, upserted: 150, requests: 3, rateLimitedRetries: 1 });
    expect(hubspot.requests.map((r) => r.answered)).toEqual([429, 200, 200]);
    expect(hubspot.contacts.size).toBe(150);
  });

  it('server faults are retried after a wait, a gateway page included', async () => {
    hubspot.failNext(500);
    hubspot.failNext(503);

    const summary = await batchUpsertAll(client, leads(40), { backoffMs: [10] });

    expect(summary).toMatchObject({
      upserted: 40,
      requests: 3,
      serverErrorRetries: 2,
      rateLimitedRetries: 0,
    });
    expect(hubspot.requests.map((r) => r.answered)).toEqual([500, 503, 200]);
  });

  it("a fault that outlasts a batch's tries ends the run with the last error", async () => {
    hubspot.failNext(503, { times: 3 });

    const error = await failureOf(batchUpsertAll(client, leads(10), { maxAttempts: 3, backoffMs: [10] }));

    expect(error).toMatchObject({ status: 503, isRetryable: true });
    expect(error.hubspotMessage).toContain('503 Service Temporarily Unavailable');
    expect(hubspot.requests).toHaveLength(3);
    expect(hubspot.contacts.size).toBe(0);
  });

  it('a request left unanswered fails at its timeout as a retryable error', async () => {
    const impatient = new HubSpotClient({
      accessToken: hubspot.accessToken,
      baseUrl: hubspot.baseUrl,
      timeoutMs: 200,
    });
    hubspot.failNext('hang');

    const error = await failureOf(impatient.listContactProperties());

    expect(error).toMatchObject({ status: null, isRetryable: true });
    expect(error.message).toContain('no answer within 200 ms');
  });

  it("the caller's signal ends a waiting request with the signal's reason", async () => {
    hubspot.failNext('hang');
    const attempt = new AbortController();
    const listing = client.listContactProperties({ signal: attempt.signal });
    await eventually(() => hubspot.requests.length === 1, { what: 'the request to arrive' });

    attempt.abort(new Error('the attempt ran out of time'));

    await expect(listing).rejects.toThrow('the attempt ran out of time');
  });

  it('backfills 10,000 contacts in batches of 100 under the burst limit, every 429 retried', async () => {
    await hubspot.close();
    // The stand-in's limit and the client's are the same, shortened to 20 requests a second.
    const burst = { maxRequests: 20, windowMs: 1000 };
    hubspot = await startHubSpotServer({ rateLimit: burst });
    const limited = new HubSpotClient({
      accessToken: hubspot.accessToken,
      baseUrl: hubspot.baseUrl,
      limiter: new SlidingWindowLimiter(burst),
    });
    const progress: UpsertProgress[] = [];

    const summary = await batchUpsertAll(limited, leads(10_000), { onProgress: (p) => progress.push(p) });

    expect(hubspot.contacts.size).toBe(10_000);
    expect(summary).toMatchObject({ total: 10_000, upserted: 10_000, created: 10_000, refused: [] });
    const upserts = hubspot.requests.filter((r) => r.path === UPSERT_PATH);
    expect(upserts.every((r) => (r.body as { inputs: unknown[] }).inputs.length <= 100)).toBe(true);
    expect(progress).toHaveLength(100);
    expect(progress.at(-1)).toEqual({ done: 10_000, total: 10_000 });
    // No 429 is left unanswered by a retry, and the limiter keeps the count of them at none.
    expect(summary.rateLimitedRetries).toBe(hubspot.rateLimitedCount);
    expect(hubspot.rateLimitedCount).toBe(0);
    expect(upserts).toHaveLength(100);
  });
});

describe('the sliding-window limiter', () => {
  it('holds a request past the limit until a slot frees, which is a window after an answer', async () => {
    const limiter = new SlidingWindowLimiter({ maxRequests: 2, windowMs: 60_000 });
    const release = await limiter.acquire();
    await limiter.acquire();

    const waiting = new AbortController();
    const third = limiter.acquire(waiting.signal);
    // Answered, but its slot stays taken for the window that follows.
    release();
    waiting.abort(new Error('gave up waiting'));

    await expect(third).rejects.toThrow('gave up waiting');
  });

  it('lets the next request go once a finished one has left the window', async () => {
    const limiter = new SlidingWindowLimiter({ maxRequests: 1, windowMs: 20 });
    const release = await limiter.acquire();
    release();

    await expect(limiter.acquire()).resolves.toBeTypeOf('function');
  });
});

describe('the secret box', () => {
  const APP_SECRET = 'an application secret of at least thirty-two characters';
  const TOKEN = 'pat-na1-11111111-2222-3333-4444-555555556789';

  it('opens what it sealed, and seals the same token differently each time', () => {
    const box = createSecretBox(APP_SECRET, 'hubspot-token');
    const sealed = box.seal(TOKEN);

    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain(TOKEN);
    expect(box.seal(TOKEN)).not.toBe(sealed);
    expect(box.open(sealed)).toBe(TOKEN);
  });

  it('does not open under another application secret or purpose', () => {
    const sealed = createSecretBox(APP_SECRET, 'hubspot-token').seal(TOKEN);

    expect(() => createSecretBox(`${APP_SECRET}!`, 'hubspot-token').open(sealed)).toThrow(SecretBoxError);
    expect(() => createSecretBox(APP_SECRET, 'smtp-password').open(sealed)).toThrow(/does not open/);
  });

  it('refuses an altered or malformed sealed string', () => {
    const box = createSecretBox(APP_SECRET, 'hubspot-token');
    const [version, iv, tag, ciphertext] = box.seal(TOKEN).split('.') as [string, string, string, string];
    const flipped = Buffer.from(ciphertext, 'base64url');
    flipped[0] = flipped[0]! ^ 1;

    expect(() => box.open([version, iv, tag, flipped.toString('base64url')].join('.'))).toThrow(
      /does not open/,
    );
    expect(() => box.open([version, iv, tag.slice(0, 8), ciphertext].join('.'))).toThrow(/wrong length/);
    expect(() => box.open(['v2', iv, tag, ciphertext].join('.'))).toThrow(SecretBoxError);
    expect(() => box.open(TOKEN)).toThrow(/not a sealed secret/);
  });

  it('shows the last four characters of a token, and nothing of a short one', () => {
    expect(lastFour(TOKEN)).toBe('6789');
    expect(lastFour('short-token')).toBe('');
  });
});
