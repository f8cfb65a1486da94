import { createHash } from 'node:crypto';
import type { Request, ResponseObject } from '@hapi/hapi';

/**
 * How long a shared cache (a CDN, a proxy, the browser) may serve public content without asking:
 * an admin's edit reaches every visitor within this time.
 */
export const PUBLIC_MAX_AGE_SECONDS = 60;
/** How long after that a cache may still answer from its copy while it revalidates in the background. */
export const STALE_WHILE_REVALIDATE_SECONDS = 300;

/** Public content: the landing page, the public pages' shell, the public reads, unhashed files. */
export const PUBLIC_CACHE_CONTROL = `public, max-age=${PUBLIC_MAX_AGE_SECONDS}, stale-while-revalidate=${STALE_WHILE_REVALIDATE_SECONDS}`;
/** Built assets: their names carry a hash of their content, so a new build has new names. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** Anything personal or signed in: no cache keeps it, not even the browser's history. */
export const NO_STORE = 'no-store';

/**
 * A strong entity tag for a body: a hash of its bytes, so it changes exactly when the content does,
 * and is the same on every instance serving the same content. Without the quotes, as hapi's
 * `response.etag()` takes it.
 */
export function entityTag(body: string | Buffer): string {
  return createHash('sha256').update(body).digest('base64url');
}

/**
 * A body sent as is, with its tag and size worked out once and kept: a cached read or a page
 * shell is hashed and measured once per change, not per request.
 */
export class TaggedText {
  private tag: string | undefined;
  private size: number | undefined;
  constructor(readonly text: string) {}

  /** The text's strong entity tag. */
  get etag(): string {
    return (this.tag ??= entityTag(this.text));
  }

  get bytes(): number {
    return (this.size ??= Buffer.byteLength(this.text));
  }
}

/**
 * Marks an answer of `body` as the same for every visitor: a strong ETag (hapi then answers 304 to
 * a matching If-None-Match) and a public Cache-Control.
 */
export function asPublicContent(
  request: Request,
  response: ResponseObject,
  body: TaggedText,
): ResponseObject {
  response.etag(body.etag);
  tagPerEncodingOnlyWhenCompressible(request, response, body.bytes);
  return response.header('Cache-Control', PUBLIC_CACHE_CONTROL);
}

/**
 * A strong tag must differ between the gzip and the plain bytes, so hapi suffixes it with the
 * encoding (`"…-gzip"`). It does so on a 304 too, which has no body to measure against the
 * compression floor: a small answer, sent plain, would be confirmed under a `-gzip` tag and a cache
 * would swap tags on every revalidation. A body under the floor has one form, so one tag.
 */
export function tagPerEncodingOnlyWhenCompressible(
  request: Request,
  response: ResponseObject,
  bytes: number,
): void {
  const { compression } = request.server.settings;
  // hapi's own default floor, for a server configured without one.
  const floor = typeof compression === 'object' ? (compression.minBytes ?? 1024) : 1024;
  response.settings.varyEtag = compression !== false && bytes >= floor;
}
