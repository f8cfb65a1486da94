import { z } from 'zod';
import { textAtMost } from '../../http/outgoing.js';

/**
 * How long to wait after a 429 that names no Retry-After: HubSpot's burst limit counts requests in
 * a rolling 10 seconds, so a full window later the count has room again.
 */
export const RATE_LIMIT_FALLBACK_WAIT_MS = 10_000;

/** HubSpot answers 423 Locked to a burst of writes to the same records and asks for 2 s between them. */
const LOCKED_WAIT_MS = 2_000;

/** An error answer is a short JSON document; past this it is not one, and only its start is read. */
const ERROR_ANSWER_LIMIT = 256 * 1024;

/** The start of an answer that is not HubSpot's JSON (a proxy's page), shown in the message. */
const EXCERPT_LENGTH = 200;

/**
 * HubSpot's error document. Every field is optional: the docs say the fields vary between APIs and
 * parsing must allow any of them to be missing.
 */
const ErrorBody = z.object({
  message: z.string().optional(),
  category: z.string().optional(),
  correlationId: z.string().optional(),
  policyName: z.string().optional(),
  errors: z
    .array(z.object({ message: z.string().optional(), code: z.string().optional() }))
    .optional()
    .catch(undefined),
});

/** One detail of a validation error, e.g. a property that does not exist. */
export interface HubSpotErrorDetail {
  message?: string;
  code?: string;
}

export interface HubSpotErrorFields {
  /** The HTTP status; null when no answer came (the network failed or the time ran out). */
  status: number | null;
  /** HubSpot's own words, as it sent them. */
  hubspotMessage: string;
  category?: string;
  correlationId?: string;
  /** On a 429, which limit was hit: `TEN_SECONDLY_ROLLING` or `DAILY`. */
  policyName?: string;
  details?: HubSpotErrorDetail[];
  /** How long HubSpot asked to wait before the next try. */
  retryAfterMs?: number;
  /** Overrides the status's own answer (an answer that could not be read is not worth a retry). */
  retryable?: boolean;
  cause?: unknown;
}

/**
 * A request to HubSpot that did not succeed. `isRetryable` says whether the same request may work
 * later: a rate limit, a lock, a server fault or a lost connection may; a refused token, missing
 * permission or invalid input will not.
 */
export class HubSpotError extends Error {
  override name = 'HubSpotError';
  readonly status: number | null;
  readonly hubspotMessage: string;
  readonly category: string | undefined;
  readonly correlationId: string | undefined;
  readonly policyName: string | undefined;
  readonly details: HubSpotErrorDetail[];
  readonly retryAfterMs: number | undefined;
  readonly isRetryable: boolean;

  constructor(fields: HubSpotErrorFields) {
    super(
      fields.status === null
        ? `HubSpot could not be reached: ${fields.hubspotMessage}`
        : `HubSpot answered ${fields.status}: ${fields.hubspotMessage}`,
      { cause: fields.cause },
    );
    this.status = fields.status;
    this.hubspotMessage = fields.hubspotMessage;
    this.category = fields.category;
    this.correlationId = fields.correlationId;
    this.policyName = fields.policyName;
    this.details = fields.details ?? [];
    this.retryAfterMs = fields.retryAfterMs;
    this.isRetryable = fields.retryable ?? isRetryableStatus(fields.status);
  }
}

/**
 * 429 (rate limit), 423 (records locked), 477 (the account is being migrated) and every 5xx pass;
 * so does a request that got no answer at all.
 */
function isRetryableStatus(status: number | null): boolean {
  return status === null || status === 429 || status === 423 || status === 477 || status >= 500;
}

/** A Retry-After header in milliseconds: delta-seconds as HubSpot sends it, or an HTTP date. */
export function parseRetryAfter(header: string | null, now = Date.now()): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Math.round(Number(value) * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

function waitAsked(response: Response): number | undefined {
  const asked = parseRetryAfter(response.headers.get('retry-after'));
  if (asked !== undefined) return asked;
  if (response.status === 429) return RATE_LIMIT_FALLBACK_WAIT_MS;
  if (response.status === 423) return LOCKED_WAIT_MS;
  return undefined;
}

/** The HubSpotError an error answer stands for; reads at most 256 KB of it. */
export async function errorFromAnswer(response: Response): Promise<HubSpotError> {
  const text = await textAtMost(response, ERROR_ANSWER_LIMIT).catch(() => '');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const body = ErrorBody.safeParse(json);
  const parsed = body.success ? body.data : {};
  const excerpt = text.replace(/\s+/g, ' ').trim().slice(0, EXCERPT_LENGTH);
  return new HubSpotError({
    status: response.status,
    hubspotMessage: parsed.message ?? (excerpt || response.statusText || 'no message'),
    category: parsed.category,
    correlationId: parsed.correlationId,
    policyName: parsed.policyName,
    details: parsed.errors,
    retryAfterMs: waitAsked(response),
  });
}

/** The HubSpotError for a request that got no answer: the network failed, or the time ran out. */
export function errorWithoutAnswer(error: unknown, timedOut: boolean, timeoutMs: number): HubSpotError {
  if (timedOut) {
    return new HubSpotError({
      status: null,
      hubspotMessage: `no answer within ${timeoutMs} ms`,
      cause: error,
    });
  }
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const reason = cause?.code
    ? `${cause.code}${cause.message ? ` (${cause.message})` : ''}`
    : error instanceof Error
      ? error.message
      : String(error);
  return new HubSpotError({ status: null, hubspotMessage: reason, cause: error });
}
