import http from 'node:http';

export interface OpenLoopResult {
  /** Requests started: one every 1/rate seconds, whatever the answers. */
  sent: number;
  /** Answers by status; 0 counts requests that got no answer (a refused or broken connection). */
  statuses: Map<number, number>;
  /** Every answered request's latency in ms, from the moment it was due, sorted. */
  latencies: number[];
  /** Per second of the run (by when requests were due): answered requests and the slowest, in ms. */
  seconds: { answered: number; slowest: number }[];
  /** How far behind its schedule the generator started a request at worst, in ms. */
  worstLag: number;
  /** Requests started per second over the run. */
  achievedRate: number;
}

/**
 * An open-loop load: a request is due every 1/rate seconds and is sent then, however many earlier
 * ones are still waiting, the way independent visitors arrive. autocannon's overallRate is
 * closed-loop and bursty: each connection sends its share of a second back to back as soon as the
 * second begins, so "200/s" arrives as a burst of 200 at the start of each second, and its
 * correction for coordinated omission assumes a 1 ms interval and back-fills latencies that were
 * never seen. Latency here counts from when a request was due, so a generator that falls behind
 * is charged to the result, not hidden.
 */
export async function openLoop(options: {
  url: string;
  rate: number;
  seconds: number;
  request: () => { method: string; headers: Record<string, string>; body?: string };
}): Promise<OpenLoopResult> {
  const { url, rate, seconds } = options;
  const target = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const statuses = new Map<number, number>();
  const latencies: number[] = [];
  const perSecond = Array.from({ length: Math.ceil(seconds) }, () => ({ answered: 0, slowest: 0 }));
  const inFlight = new Set<Promise<void>>();
  const total = Math.round(rate * seconds);
  const interval = 1000 / rate;
  const start = performance.now();
  let worstLag = 0;

  const send = (due: number) => {
    const { method, headers, body } = options.request();
    const done = new Promise<void>((resolve) => {
      const req = http.request(
        {
          host: target.hostname,
          port: target.port,
          path: target.pathname + target.search,
          method,
          headers,
          agent,
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            const latency = performance.now() - due;
            latencies.push(latency);
            const second = perSecond[Math.min(perSecond.length - 1, Math.floor((due - start) / 1000))]!;
            second.answered += 1;
            second.slowest = Math.max(second.slowest, latency);
            statuses.set(res.statusCode ?? 0, (statuses.get(res.statusCode ?? 0) ?? 0) + 1);
            resolve();
          });
        },
      );
      req.on('error', () => {
        statuses.set(0, (statuses.get(0) ?? 0) + 1);
        resolve();
      });
      req.end(body);
    });
    inFlight.add(done);
    void done.then(() => inFlight.delete(done));
  };

  for (let i = 0; i < total; i += 1) {
    const due = start + i * interval;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    worstLag = Math.max(worstLag, performance.now() - due);
    send(due);
  }
  const elapsed = (performance.now() - start) / 1000;
  await Promise.all(inFlight);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { sent: total, statuses, latencies, seconds: perSecond, worstLag, achievedRate: total / elapsed };
}

/** The value below which `fraction` of the sorted values fall. */
export function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}
