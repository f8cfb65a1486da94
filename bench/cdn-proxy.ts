import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freePort } from '../services-api/src/test/free-port.js';
import { stopChild } from './readiness.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Debian's nginx (`apt-get install -y nginx`); the proxy figure is skipped without it. */
export const NGINX = '/usr/sbin/nginx';

export interface LoadFigures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Connection errors and timeouts. */
  errors: number;
  /** Answers other than 2xx. */
  non2xx: number;
}

export interface CdnProxyResult {
  /** What the server's landing answer says to a cache. */
  landing: { cacheControl: string; etag: string; setCookie: boolean };
  bare: LoadFigures;
  proxy: LoadFigures;
  /** nginx's X-Cache-Status for the first request, the next, and one after the load. */
  cacheStatus: { first: string; second: string; afterLoad: string };
  /** Landing requests that reached the server while the proxy took the load. */
  upstreamRequests: number;
}

export type CdnProxyOutcome = { skipped: string } | CdnProxyResult;

function load(url: string, seconds: number, connections: number): Promise<LoadFigures> {
  return new Promise((resolve, reject) => {
    autocannon({ url, duration: seconds, connections }, (error, result) => {
      if (error) return reject(error);
      resolve({
        requestsPerSecond: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.errors + result.timeouts,
        non2xx: result.non2xx,
      });
    });
  });
}

/** The server (cdn-server.ts) alone in a child process, its log in a file as an operator's would be. */
async function startServer(dir: string, distDir: string): Promise<{ url: string; child: ChildProcess }> {
  const log = fs.openSync(path.join(dir, 'server.log'), 'w');
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/cdn-server.ts'], {
    cwd: root,
    env: { ...process.env, WEB_DIST_DIR: distDir, DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '' },
    stdio: ['ignore', log, 'inherit', 'ipc'],
  });
  fs.closeSync(log);
  const url = await new Promise<string>((resolve, reject) => {
    child.on('message', (message: { url?: string }) => message.url && resolve(message.url));
    child.once('exit', (code) => reject(new Error(`The bench server exited (${code}) before listening`)));
  });
  return { url, child };
}

/**
 * A caching reverse proxy as an operator would put in front: it keeps what the server marks public
 * for as long as the server says, revalidates with If-None-Match, and serves a stale copy while it
 * does. It caches nothing that sets a cookie (nginx's default), so the landing page's cookie-free
 * answer is what makes it work. It logs only the requests it passed to the server (a miss, an
 * expired copy, a revalidation), so the bench can count them.
 */
function nginxConfig(dir: string, listenPort: number, upstream: string): string {
  const user = os.userInfo();
  return `
# Only takes effect when nginx starts as root: workers then run as this user, who owns ${dir}.
user ${user.username};
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  map $upstream_cache_status $went_upstream { HIT 0; STALE 0; UPDATING 0; default 1; }
  log_format upstream '$upstream_cache_status $upstream_status';
  access_log ${dir}/upstream.log upstream if=$went_upstream;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy_temp;
  fastcgi_temp_path ${dir}/fastcgi_temp;
  uwsgi_temp_path ${dir}/uwsgi_temp;
  scgi_temp_path ${dir}/scgi_temp;
  proxy_cache_path ${dir}/cache levels=1:2 keys_zone=public_pages:10m max_size=100m inactive=10m use_temp_path=off;
  upstream app {
    server ${upstream.replace(/^http:\/\//, '')};
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${listenPort};
    location / {
      proxy_pass http://app;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_cache public_pages;
      proxy_cache_revalidate on;
      proxy_cache_lock on;
      proxy_cache_background_update on;
      proxy_cache_use_stale updating error timeout http_502 http_503 http_504;
      add_header X-Cache-Status $upstream_cache_status always;
    }
  }
}
`;
}

async function waitForAnswer(url: string, child: ChildProcess, errorLog: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (child.exitCode !== null) {
      throw new Error(`nginx exited (${child.exitCode}): ${fs.readFileSync(errorLog, 'utf8')}`);
    }
    try {
      await fetch(url);
      return;
    } catch {
      await sleep(100);
    }
  }
  throw new Error(`nginx did not answer at ${url}`);
}

/**
 * Landing page requests per second, the bare server against nginx with `proxy_cache` in front of
 * it (config and cache in a temporary folder), `connections` clients for `seconds` each. Skipped,
 * with the reason, when nginx is not installed.
 */
export async function benchCdnProxy(
  distDir: string,
  seconds: number,
  connections = 50,
): Promise<CdnProxyOutcome> {
  if (!fs.existsSync(NGINX)) {
    return { skipped: `${NGINX} is not installed (Debian: apt-get install -y nginx)` };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'msp-bench-cdn-'));
  let server: ChildProcess | undefined;
  let nginx: ChildProcess | undefined;
  try {
    const started = await startServer(dir, distDir);
    server = started.child;
    const first = await fetch(`${started.url}/`);
    const landing = {
      cacheControl: first.headers.get('cache-control') ?? '(none)',
      etag: first.headers.get('etag') ?? '(none)',
      setCookie: first.headers.has('set-cookie'),
    };

    const proxyPort = await freePort();
    const proxyUrl = `http://127.0.0.1:${proxyPort}`;
    fs.writeFileSync(path.join(dir, 'nginx.conf'), nginxConfig(dir, proxyPort, started.url));
    const errorLog = path.join(dir, 'error.log');
    nginx = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', errorLog], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await waitForAnswer(`${proxyUrl}/healthz-of-nginx`, nginx, errorLog);
    const cacheStatus = async () => (await fetch(`${proxyUrl}/`)).headers.get('x-cache-status') ?? '(none)';
    const firstStatus = await cacheStatus();
    const secondStatus = await cacheStatus();

    const bare = await load(`${started.url}/`, seconds, connections);
    const before = upstreamCount(dir);
    const proxy = await load(`${proxyUrl}/`, seconds, connections);
    const upstreamRequests = upstreamCount(dir) - before;
    return {
      landing,
      bare,
      proxy,
      cacheStatus: { first: firstStatus, second: secondStatus, afterLoad: await cacheStatus() },
      upstreamRequests,
    };
  } finally {
    if (nginx) await stopChild(nginx);
    if (server) await stopChild(server);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Requests nginx has passed to the server so far (it logs only those). */
function upstreamCount(dir: string): number {
  const file = path.join(dir, 'upstream.log');
  if (!fs.existsSync(file)) return 0;
  return fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).length;
}

/** The bench section `npm run bench` prints (alone with --cdn-only). */
export async function benchCdn(
  distDir: string,
  quick: boolean,
  verdict: (ok: boolean) => string,
): Promise<void> {
  const seconds = quick ? 3 : 20;
  console.log(
    `\nLanding page through a caching proxy (nginx proxy_cache) vs the bare server, 50 clients, ${seconds} s each:`,
  );
  const r = await benchCdnProxy(distDir, seconds);
  if ('skipped' in r) return void console.log(`  skipped: ${r.skipped}`);
  const figures = (f: LoadFigures) =>
    `${Math.round(f.requestsPerSecond).toString().padStart(6)}/s, p50 ${f.p50} ms, p99 ${f.p99} ms, errors ${f.errors}, non-2xx ${f.non2xx}`;
  console.log(
    `  the server's answer: Cache-Control "${r.landing.cacheControl}", ETag ${r.landing.etag}, ` +
      `${r.landing.setCookie ? 'SETS A COOKIE' : 'no cookie'}`,
  );
  console.log(`  bare server  ${figures(r.bare)}`);
  console.log(
    `  behind nginx ${figures(r.proxy)} = ${(r.proxy.requestsPerSecond / r.bare.requestsPerSecond).toFixed(1)}x`,
  );
  console.log(
    `  nginx cache: first ${r.cacheStatus.first}, then ${r.cacheStatus.second}, after the load ${r.cacheStatus.afterLoad}; ` +
      `${r.upstreamRequests} of the load's requests reached the server`,
  );
  const ok =
    !r.landing.setCookie &&
    r.cacheStatus.second === 'HIT' &&
    r.bare.errors + r.bare.non2xx + r.proxy.errors + r.proxy.non2xx === 0;
  console.log(`  the proxy keeps the landing page: ${verdict(ok)}`);
}
