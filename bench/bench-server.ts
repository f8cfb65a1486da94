import { startProductServer } from './product-server.js';

/**
 * The real server (createServer) on DATABASE_URL, alone in this process so the export bench can
 * read its memory; prints its URL once listening, and stops on SIGTERM.
 */
const { server, db, url } = await startProductServer(process.env.DATABASE_URL, 'warn');
process.stdout.write(`${url}\n`);
process.once('SIGTERM', () => {
  void server
    .stop()
    .then(() => db.destroy())
    .then(() => process.exit(0));
});
