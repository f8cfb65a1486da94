import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import Hapi from '@hapi/hapi';
import { routes } from '@msp/shared';
import { logAccess } from '../services-api/src/http/access-log.js';
import { observeAnswers } from '../services-api/src/http/answers.js';
import { createListener, guardRequests } from '../services-api/src/http/request-guards.js';
import { contractRoute, JsonText } from '../services-api/src/http/route-adapter.js';
import { addSecurityHeaders } from '../services-api/src/http/security-headers.js';
import { createLogger, logDestination } from '../services-api/src/logger.js';
import { countAnswers, ServerMetrics } from '../services-api/src/plugins/metrics/index.js';
import { startProductServer } from './product-server.js';
import { untilReady } from './readiness.js';
import { bareRoute, HEADERS_HAPI_SETS } from './server-bench.js';
import type { Database } from '../services-api/src/db/knex.js';

/** The pieces of the product's per-request work this bench can add to a bare route, one at a time. */
type Piece = 'contract route' | 'security headers' | 'access log' | 'metrics' | 'request guards';

export interface PieceCost {
  name: string;
  microsPerRequest: number;
  /** Over the bare route's, µs. */
  addedMicros: number;
  /** The servers' own CPU time per request, µs: less swayed than the time by other work on the machine. */
  cpuMicros: number;
  addedCpuMicros: number;
}

/** A public read's body of about the demographic fields' size, the smallest of the four reads. */
const BODY = JSON.stringify(
  Array.from({ length: 4 }, (_, i) => ({
    id: i,
    identifier: `field${i}`,
    label: `Field ${i}`,
    type: 'text',
  })),
);
const PATH = routes.listDemographicFields.path;

async function serverWith(pieces: Piece[], logDir: string): Promise<Hapi.Server> {
  const server = Hapi.server({
    port: 0,
    host: '127.0.0.1',
    ...(pieces.includes('request guards') && { listener: createListener(10_000) }),
  });
  server.app.validateResponses = false;
  const watchAnswers = observeAnswers(server);
  if (pieces.includes('access log')) {
    const file = path.join(logDir, `${pieces.join('-').replaceAll(' ', '_')}.log`);
    logAccess(watchAnswers, createLogger('info', logDestination(file)));
  }
  if (pieces.includes('request guards')) guardRequests(server);
  if (pieces.includes('security headers')) addSecurityHeaders(server, { https: false });
  if (pieces.includes('metrics')) {
    // The request histogram, as the metrics plugin counts it; the queue and pool are read at a scrape.
    watchAnswers(countAnswers(new ServerMetrics({} as Database, createLogger('silent'))));
  }
  if (pieces.includes('contract route')) {
    const cached = new JsonText(BODY);
    server.route(contractRoute(routes.listDemographicFields, () => cached, { publicContent: true }));
  } else {
    server.route({
      method: 'GET',
      path: PATH,
      handler: (_request, h) => h.response(BODY).type('application/json'),
    });
  }
  await server.start();
  return server;
}

/** Requests answered in `seconds` with 20 connections, by autocannon in a process of its own. */
function load(url: string, seconds: number): Promise<number> {
  const cli = createRequire(import.meta.url).resolve('autocannon');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, '-j', '-c', '20', '-d', String(seconds), url], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', () => resolve((JSON.parse(out) as { requests: { total: number } }).requests.total));
  });
}

/**
 * The cost of a request at each of `urls` (named by `names`, the first the one the others are
 * held against), measured in alternating rounds with the load generator in another process (so
 * its own work is not counted against the route), each round in the other order, so a drift of
 * the machine's speed falls on all alike. The time is the load's over the requests answered; the
 * CPU time is this process's, where the servers run.
 */
async function alternate(
  names: string[],
  urls: string[],
  secondsPerRound: number,
  rounds: number,
): Promise<PieceCost[]> {
  const served = urls.map(() => 0);
  const cpu = urls.map(() => 0);
  for (const url of urls) await load(url, 1);
  for (let round = 0; round < rounds; round++) {
    const order = urls.map((_, index) => index);
    if (round % 2) order.reverse();
    for (const index of order) {
      const before = process.cpuUsage();
      served[index]! += await load(urls[index]!, secondsPerRound);
      const used = process.cpuUsage(before);
      cpu[index]! += used.user + used.system;
    }
  }
  const micros = served.map((count) => (rounds * secondsPerRound * 1e6) / count);
  const cpuMicros = cpu.map((used, index) => used / served[index]!);
  return names.map((name, index) => ({
    name,
    microsPerRequest: micros[index]!,
    addedMicros: micros[index]! - micros[0]!,
    cpuMicros: cpuMicros[index]!,
    addedCpuMicros: cpuMicros[index]! - cpuMicros[0]!,
  }));
}

/**
 * What each piece of the product's per-request work costs a public read: a bare Hapi route, then
 * the same route with one piece added (the real module, as the server registers it), then all of
 * them, each measured in alternating rounds. The reads bench's ratio says whether the budget is
 * met; this says where the time goes.
 */
export async function benchReadCosts(secondsPerRound: number, rounds = 6): Promise<PieceCost[]> {
  const all: Piece[] = ['contract route', 'security headers', 'access log', 'metrics', 'request guards'];
  const configurations: [string, Piece[]][] = [
    ['bare route', []],
    ...all.map((piece): [string, Piece[]] => [`+ ${piece}`, [piece]]),
    ['all of them', all],
  ];
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'msp-read-costs-'));
  const servers = await Promise.all(configurations.map(([, pieces]) => serverWith(pieces, logDir)));
  // And the whole product, as the reads bench runs it: the rest of the gap is its other plugins'.
  const product = await startProductServer(undefined, 'info', {}, { logToFile: true });
  try {
    await untilReady(product.url);
    const urls = [
      ...servers.map((server) => `http://127.0.0.1:${server.info.port}${PATH}`),
      `${product.url}${PATH}`,
    ];
    const names = [...configurations.map(([name]) => name), 'the product'];
    return await alternate(names, urls, secondsPerRound, rounds);
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await product.close();
    fs.rmSync(logDir, { recursive: true, force: true });
  }
}

export interface HeaderCost extends PieceCost {
  /** What the header adds to every answer on the wire: `name: value` and its line end. */
  bytes: number;
}

/**
 * The headers the product sends on a public JSON read beyond hapi's own, as it sends them to a
 * client that asks for no compression (the load generator): the contract route's ETag and
 * Cache-Control and the security headers, from the real modules, so a change there shows here.
 */
async function productHeaders(): Promise<[string, string][]> {
  const server = await serverWith(['contract route', 'security headers'], os.tmpdir());
  try {
    const answer = await server.inject(PATH);
    return Object.entries(answer.headers)
      .filter(([name]) => !HEADERS_HAPI_SETS.has(name))
      .map(([name, value]) => [name, String(value)]);
  } finally {
    await server.stop();
  }
}

/**
 * What each header of a public JSON read costs: the bare route (hapi's own headers: Content-Type,
 * Content-Length, Vary, Accept-Ranges, Date, Connection, Keep-Alive), then the same route sending
 * one of the product's headers with the product's value, then all of them, measured as the pieces
 * are. The cost is the server's: setting the header, and writing its bytes.
 */
export async function benchHeaderCosts(secondsPerRound: number, rounds = 6): Promise<HeaderCost[]> {
  const headers = await productHeaders();
  const configurations: [string, [string, string][]][] = [
    ['bare route', []],
    ...headers.map((header): [string, [string, string][]] => [`+ ${header[0]}`, [header]]),
    ['all of them', headers],
  ];
  const servers = await Promise.all(configurations.map(([, sent]) => bareRoute(PATH, BODY, sent)));
  try {
    const urls = servers.map((server) => `http://127.0.0.1:${server.info.port}${PATH}`);
    const names = configurations.map(([name]) => name);
    const costs = await alternate(names, urls, secondsPerRound, rounds);
    // `name: value` and the line's end, in ASCII.
    const bytes = (sent: [string, string][]) =>
      sent.reduce((sum, [name, value]) => sum + name.length + value.length + 4, 0);
    return costs.map((cost, index) => ({ ...cost, bytes: bytes(configurations[index]![1]) }));
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}
