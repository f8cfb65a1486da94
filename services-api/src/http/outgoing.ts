import { createRequire } from 'node:module';
import type { IncomingMessage } from 'node:http';

/**
 * How much of another server's answer this server reads. Whatever the peer sends past it is never
 * received: the connection is closed, so a receiver or provider answering gigabytes (by mistake or
 * on purpose) costs a few kilobytes of memory, not the whole answer.
 *
 * - A webhook receiver's answer only ever shows as the start of a failure's message.
 * - An identity provider's JSON (discovery document, key set, token, userinfo) is a few kilobytes;
 *   the largest real key sets (Entra ID's, with certificate chains) stay under 20 KB.
 * - A model's chat completion carries the analysis (a few kilobytes of text) in a JSON envelope;
 *   2 MB leaves room for verbose servers and refuses only what cannot be an answer.
 */
export const ANSWER_LIMITS = {
  webhook: 4 * 1024,
  identityProvider: 64 * 1024,
  model: 2 * 1024 * 1024,
} as const;

/** An answer longer than this server reads from that peer. */
export class AnswerTooLargeError extends Error {
  override name = 'AnswerTooLargeError';
  constructor(
    readonly url: string,
    readonly maxBytes: number,
  ) {
    super(`${url} answered more than ${formatBytes(maxBytes)}, more than an answer can be; it was not read`);
  }
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MB` : `${bytes / 1024} KB`;
}

export interface BoundedBody {
  bytes: Uint8Array<ArrayBuffer>;
  /** False when the answer went on past `maxBytes`: what is here is only its start. */
  complete: boolean;
}

/**
 * Reads at most `maxBytes` of an answer's body and cancels the rest, which closes the connection:
 * nothing past the limit is received or buffered. A declared Content-Length past the limit is
 * cancelled before a byte is read.
 */
export async function readAtMost(response: Response, maxBytes: number): Promise<BoundedBody> {
  const body = response.body;
  if (!body) return { bytes: new Uint8Array(0), complete: true };
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await body.cancel().catch(() => {});
    return { bytes: new Uint8Array(0), complete: false };
  }
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let complete = true;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const room = maxBytes - size;
      if (value.byteLength > room) {
        chunks.push(value.subarray(0, room));
        size += room;
        complete = false;
        await reader.cancel().catch(() => {});
        break;
      }
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    reader.releaseLock();
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return { bytes, complete };
}

/** The start of an answer as text, at most `maxBytes` of it; the rest is not read. */
export async function textAtMost(response: Response, maxBytes: number): Promise<string> {
  const { bytes } = await readAtMost(response, maxBytes);
  return new TextDecoder().decode(bytes);
}

/** An answer's JSON, or AnswerTooLargeError when it is longer than `maxBytes`. */
export async function jsonAtMost(response: Response, maxBytes: number): Promise<unknown> {
  const { bytes, complete } = await readAtMost(response, maxBytes);
  if (!complete) throw new AnswerTooLargeError(response.url, maxBytes);
  return JSON.parse(new TextDecoder().decode(bytes)) as unknown;
}

/** Statuses whose Response may not be built with a body. */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/**
 * A fetch for libraries that take one (the model's SDK, jose's key set): the same request, with an
 * answer read whole only up to `maxBytes`; past that the call fails with AnswerTooLargeError and
 * the connection is closed.
 */
export function fetchAtMost(maxBytes: number): Fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    const { bytes, complete } = await readAtMost(response, maxBytes);
    const url = input instanceof Request ? input.url : String(input);
    if (!complete) throw new AnswerTooLargeError(url, maxBytes);
    return new Response(NULL_BODY_STATUSES.has(response.status) ? null : bytes, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}

interface WreckClient {
  read(response: IncomingMessage, options?: { maxBytes?: number }): Promise<unknown>;
}

/** The answers whose reads are capped, by the host and path their request went to. */
const wreckCaps = new Map<string, number>();
let wreckCapped = false;

/**
 * Caps what `@hapi/bell` reads of the answers of one endpoint (the token endpoint). Bell calls it
 * with its own Wreck client and offers no option for the size, so that client's reads of answers
 * from this endpoint get `maxBytes`: Wreck then fails the read and destroys the response. Reads of
 * anything else (Hapi's own request payloads) are untouched. Resolved through bell, so it is
 * bell's own client.
 */
export function capWreckReadsOf(endpoint: string, maxBytes: number): void {
  const url = new URL(endpoint);
  // Node's ClientRequest names its host without the port.
  wreckCaps.set(`${url.hostname}${url.pathname}${url.search}`, maxBytes);
  if (wreckCapped) return;
  wreckCapped = true;
  const fromBell = createRequire(createRequire(import.meta.url).resolve('@hapi/bell'));
  const wreck = fromBell('@hapi/wreck') as WreckClient;
  const read = wreck.read.bind(wreck);
  wreck.read = (response, options = {}) => {
    // A client response knows the request it answers.
    const request = (response as { req?: { host?: string; path?: string } }).req;
    const cap = request ? wreckCaps.get(`${request.host}${request.path}`) : undefined;
    return read(response, cap === undefined ? options : { ...options, maxBytes: cap });
  };
}
