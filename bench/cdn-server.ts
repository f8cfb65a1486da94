import { startProductServer } from './product-server.js';

/**
 * The real server serving the built web app, alone in this process (started by cdn-proxy.ts), so
 * the load generator's event loop is not the server's. On DATABASE_URL, or the embedded PostgreSQL
 * without it; logging at LOG_LEVEL (production's `info` unless set). Sends its URL once listening,
 * stops on SIGTERM.
 */
const webDistDir = process.env.WEB_DIST_DIR;
if (!webDistDir) throw new Error('WEB_DIST_DIR must name the built web app');
const { url, close } = await startProductServer(
  process.env.DATABASE_URL || undefined,
  process.env.LOG_LEVEL ?? 'info',
  { webDistDir },
);
process.send?.({ url });
process.once('SIGTERM', () => void close().then(() => process.exit(0)));
