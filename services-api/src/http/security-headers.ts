import Boom from '@hapi/boom';
import type { Server } from '@hapi/hapi';
import { addResponseStep } from './response-steps.js';

/** What an API answer may load or be framed by: nothing. Pages set their own policy. */
const API_CSP = "default-src 'none'; object-src 'none'; frame-ancestors 'none'";

/** Nothing here uses these browser features: a page (or an injected script) gets none of them. */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
].join(', ');

function framedByNamedSites(policy: unknown): boolean {
  if (typeof policy !== 'string') return false;
  const ancestors = /(?:^|;)\s*frame-ancestors\s+([^;]*)/.exec(policy)?.[1]?.trim();
  return Boolean(ancestors) && ancestors !== "'none'";
}

/**
 * Sets the security headers on every answer, errors included (hapi sends none unless told, and has
 * no CSP option): a route or page that sets its own Content-Security-Policy keeps it, everything
 * else gets the API's. HSTS (a year) only when the public address is https.
 */
export function addSecurityHeaders(server: Server, { https }: { https: boolean }): void {
  const headers: Record<string, string> = {
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': PERMISSIONS_POLICY,
    ...(https && { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' }),
  };
  // Lower case, as hapi keeps a response's headers: set straight on the response, without
  // response.header()'s per-call handling of appends and duplicates, which none of these need.
  const entries = Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value] as const);
  addResponseStep(server, (_request, response) => {
    if (Boom.isBoom(response)) {
      Object.assign(response.output.headers, headers, {
        'Content-Security-Policy': response.output.headers['Content-Security-Policy'] ?? API_CSP,
      });
      return undefined;
    }
    const set = response.headers as Record<string, string | string[] | number | undefined>;
    const ownPolicy = set['content-security-policy'];
    // A page whose own policy names the sites that may frame it (the embed) must not be refused
    // by the older header, which cannot name them.
    const framable = framedByNamedSites(ownPolicy);
    for (const [name, value] of entries) {
      if (name !== 'x-frame-options' || !framable) set[name] = value;
    }
    if (!ownPolicy) set['content-security-policy'] = API_CSP;
    return undefined;
  });
}
