import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { startProductServer } from './product-server.js';

/**
 * The real server (createServer) on DATABASE_URL (the embedded PostgreSQL without it), alone in this
 * process so a bench can read its memory and its latency apart from the load generator (see
 * server-process.ts, which starts it). Sends its URL once listening. Asked to `drain`, it reports
 * how long its event loop was held up under the load so far and how many follow-up jobs the load
 * left unfinished, then how long they took to finish. On SIGTERM it stops and sends how many
 * submissions are stored, and how many funnel events were counted. Asked to `forgetReports`, it
 * drops its kept PDF reports of those submissions (the report bench draws each download afresh). BENCH_EMPTY_SUBMISSIONS=1
 * deletes the submissions first, BENCH_EMPTY_FUNNEL=1 the funnel's counts; BENCH_LOG_LEVEL sets
 * the log level.
 */
const { server, db, url, close } = await startProductServer(
  process.env.DATABASE_URL || undefined,
  process.env.BENCH_LOG_LEVEL ?? 'warn',
  {},
  {
    emptySubmissions: process.env.BENCH_EMPTY_SUBMISSIONS === '1',
    emptyFunnel: process.env.BENCH_EMPTY_FUNNEL === '1',
  },
);
const eventLoop = monitorEventLoopDelay({ resolution: 5 });
eventLoop.enable();

async function unfinishedJobs(): Promise<number> {
  const [row] = await db('jobs').whereIn('status', ['queued', 'running']).count<{ c: string }[]>({ c: '*' });
  return Number(row?.c ?? 0);
}

async function drain(maxMs: number): Promise<void> {
  eventLoop.disable();
  const eventLoopDelay = { p99: eventLoop.percentile(99) / 1e6, max: eventLoop.max / 1e6 };
  const started = performance.now();
  const jobsWaiting = await unfinishedJobs();
  let left = jobsWaiting;
  while (left > 0 && performance.now() - started < maxMs) {
    await sleep(250);
    left = await unfinishedJobs();
  }
  process.send?.({
    drained: {
      eventLoopDelay,
      jobsWaiting,
      jobsLeft: left,
      drainMs: left === 0 ? performance.now() - started : null,
    },
  });
}

process.on('message', (message: { drain?: number; forgetReports?: string[] }) => {
  if (message.drain !== undefined) void drain(message.drain);
  if (message.forgetReports) {
    server.app.ctx!.reports.forget(message.forgetReports);
    process.send?.({ forgot: true });
  }
});
process.send?.({ url });
process.once('SIGTERM', () => {
  void (async () => {
    await server.stop();
    const [row] = await db('submissions').count<{ c: string }[]>({ c: '*' });
    // Every event adds one visit to one row, but a question's, which adds one to its position and
    // one to the question itself: the rows other than the questions' count each event once.
    const [funnel] = await db('funnel_daily')
      .whereNot('step', 'question')
      .sum<{ visits: string | null }[]>({ visits: 'visits' });
    await close();
    process.send?.({ stored: Number(row?.c ?? 0), funnelEvents: Number(funnel?.visits ?? 0) }, () =>
      process.exit(0),
    );
  })();
});
