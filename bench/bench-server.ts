import { startProductServer } from './product-server.js';

/**
 * The real server (createServer) on DATABASE_URL (in-memory PGlite without it), alone in this
 * process so a bench can read its memory and its latency apart from the load generator (see
 * server-process.ts, which starts it). Sends its URL once listening; on SIGTERM it stops and sends
 * how many submissions are stored. BENCH_EMPTY_SUBMISSIONS=1 deletes the submissions first;
 * BENCH_LOG_LEVEL sets the log level.
 */
const { server, db, url } = await startProductServer(
  process.env.DATABASE_URL || undefined,
  process.env.BENCH_LOG_LEVEL ?? 'warn',
);
if (process.env.BENCH_EMPTY_SUBMISSIONS === '1') await db('submissions').delete();
process.send?.({ url });
process.once('SIGTERM', () => {
  void (async () => {
    await server.stop();
    const [row] = await db('submissions').count<{ c: string }[]>({ c: '*' });
    await db.destroy();
    process.send?.({ stored: Number(row?.c ?? 0) }, () => process.exit(0));
  })();
});
