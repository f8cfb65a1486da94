import type { Request } from '@hapi/hapi';
import proxyaddr from 'proxy-addr';

const compiled = new WeakMap<readonly string[], ReturnType<typeof proxyaddr.compile>>();

/**
 * The visitor's address: the connection's peer, or, when that peer is a trusted proxy
 * (TRUSTED_PROXIES), the nearest address in X-Forwarded-For that is not itself trusted. A header
 * from anyone else is ignored, so a client cannot choose its own address to dodge a limit.
 */
export function clientAddress(request: Request): string {
  const trusted = request.server.app.ctx.config.trustedProxies;
  if (trusted.length === 0) return request.info.remoteAddress;
  let trust = compiled.get(trusted);
  if (!trust) {
    trust = proxyaddr.compile(trusted);
    compiled.set(trusted, trust);
  }
  return proxyaddr(request.raw.req, trust);
}
