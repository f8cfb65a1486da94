import { HubSpotError } from './hubspot-error.js';
import {
  HUBSPOT_BATCH_LIMIT,
  type BatchInputError,
  type BatchUpsertResult,
  type ContactUpsert,
  type HubSpotClient,
} from './hubspot-client.js';

/** Waits before the 2nd, 3rd, … try of a batch after a server fault or a lost connection. */
export const SERVER_ERROR_BACKOFF_MS = [1_000, 4_000, 15_000, 30_000, 60_000] as const;

export interface UpsertProgress {
  /** Contacts in the batches HubSpot has answered so far. */
  done: number;
  total: number;
}

export interface UpsertAllOptions {
  /** Ends the run, including any wait, rejecting with the signal's reason. */
  signal?: AbortSignal;
  /** Told after each batch. */
  onProgress?: (progress: UpsertProgress) => void;
  /** Tries of one batch, the first included, before its error ends the run. */
  maxAttempts?: number;
  /** Replaces SERVER_ERROR_BACKOFF_MS; the last wait repeats. */
  backoffMs?: readonly number[];
  /** The longest wait the run sits through; a server asking for longer ends it with its error. */
  maxWaitMs?: number;
}

export interface UpsertAllSummary {
  /** Distinct email addresses sent. */
  total: number;
  /** Contacts HubSpot created or updated. */
  upserted: number;
  /** Of those, the ones it said it created. */
  created: number;
  /** Inputs HubSpot refused one by one (207) while it took the rest of their batch. */
  refused: BatchInputError[];
  /** Batch requests sent, retries included. */
  requests: number;
  /** 429 answers that were waited out and retried. */
  rateLimitedRetries: number;
  /** Server faults and lost connections that were retried. */
  serverErrorRetries: number;
}

/**
 * Creates or updates every contact in HubSpot, 100 to a request, each found by its email address;
 * with the client's limiter the requests stay under HubSpot's burst limit. A 429 is waited out for
 * as long as HubSpot asks, a server fault or lost connection is retried after a growing wait, and
 * anything else (a refused token, invalid input) ends the run with its HubSpotError, as does a
 * batch that has used its tries. Upserts by email repeat safely, so a run that ended may start over.
 */
export async function batchUpsertAll(
  client: HubSpotClient,
  contacts: readonly ContactUpsert[],
  options: UpsertAllOptions = {},
): Promise<UpsertAllSummary> {
  const distinct = lastPerEmail(contacts);
  const summary: UpsertAllSummary = {
    total: distinct.length,
    upserted: 0,
    created: 0,
    refused: [],
    requests: 0,
    rateLimitedRetries: 0,
    serverErrorRetries: 0,
  };
  for (let start = 0; start < distinct.length; start += HUBSPOT_BATCH_LIMIT) {
    const batch = distinct.slice(start, start + HUBSPOT_BATCH_LIMIT);
    const result = await upsertWithRetries(client, batch, options, summary);
    summary.upserted += result.contacts.length;
    summary.created += result.contacts.filter((c) => c.created === true).length;
    summary.refused.push(...result.errors);
    options.onProgress?.({ done: start + batch.length, total: distinct.length });
  }
  return summary;
}

/**
 * One input per email address, the last given for it (the newest, when the list is in time order):
 * HubSpot refuses a batch that names the same record twice, and it compares addresses without case.
 */
function lastPerEmail(contacts: readonly ContactUpsert[]): ContactUpsert[] {
  const byEmail = new Map<string, ContactUpsert>();
  for (const contact of contacts) byEmail.set(contact.email.trim().toLowerCase(), contact);
  return [...byEmail.values()];
}

async function upsertWithRetries(
  client: HubSpotClient,
  batch: ContactUpsert[],
  { signal, maxAttempts = 6, backoffMs = SERVER_ERROR_BACKOFF_MS, maxWaitMs = 60_000 }: UpsertAllOptions,
  summary: UpsertAllSummary,
): Promise<BatchUpsertResult> {
  for (let attempt = 1; ; attempt += 1) {
    summary.requests += 1;
    try {
      return await client.batchUpsertContacts(batch, { signal });
    } catch (error) {
      if (!(error instanceof HubSpotError) || !error.isRetryable || attempt >= maxAttempts) throw error;
      const rateLimited = error.status === 429;
      const backoff = backoffMs[Math.min(attempt - 1, backoffMs.length - 1)] ?? 0;
      // A 429 says exactly when there is room again; waiting longer only slows the run down.
      const waitMs = rateLimited ? (error.retryAfterMs ?? 0) : Math.max(error.retryAfterMs ?? 0, backoff);
      if (waitMs > maxWaitMs) throw error;
      if (rateLimited) summary.rateLimitedRetries += 1;
      else summary.serverErrorRetries += 1;
      await wait(waitMs, signal);
    }
  }
}

/** Resolves after `ms`, or rejects with the signal's reason when it aborts first. */
function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
