import type { Request } from '@hapi/hapi';
import proxyaddr from 'proxy-addr';

const isLoopback = proxyaddr.compile('loopback');
const compiled = new WeakMap<readonly string[], ReturnType<typeof proxyaddr.compile>>();

/** TRUSTED_PROXIES as proxy-addr's test, compiled once per configuration. */
function trustOf(request: Request): ReturnType<typeof proxyaddr.compile> {
  const trusted = request.server.app.ctx.config.trustedProxies;
  let trust = compiled.get(trusted);
  if (!trust) {
    trust = proxyaddr.compile(trusted);
    compiled.set(trusted, trust);
  }
  return trust;
}

/**
 * The visitor's address: the connection's peer, or, when that peer is a trusted proxy
 * (TRUSTED_PROXIES), the nearest address in X-Forwarded-For that is not itself trusted. A header
 * from anyone else is ignored, so a client cannot choose its own address to dodge a limit.
 */
export function clientAddress(request: Request): string {
  if (request.server.app.ctx.config.trustedProxies.length === 0) return request.info.remoteAddress;
  return proxyaddr(request.raw.req, trustOf(request));
}

/**
 * Whether the client is on this machine: the peer and every hop the proxy rules believe are
 * loopback addresses. A reverse proxy here connects from loopback for everyone behind it, and a
 * trusted proxy elsewhere that names 127.0.0.1 means its own machine; a peer outside the rules
 * that says it forwarded the request hides who is behind it.
 */
export function fromThisMachine(request: Request): boolean {
  const trust = trustOf(request);
  const { headers } = request;
  const forwarded = headers['x-forwarded-for'] !== undefined || headers.forwarded !== undefined;
  if (forwarded && !trust(request.info.remoteAddress, 0)) return false;
  return proxyaddr.all(request.raw.req, trust).every((address) => isLoopback(address, 0));
}
