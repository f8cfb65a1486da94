import { setImmediate as nextTurn } from 'node:timers/promises';
import QueryStream from 'pg-query-stream';
import type { Database } from '../../../db/knex.js';
import {
  answerTextsById,
  exportQuery,
  exportRowOf,
  type ExportFilter,
  type ExportRow,
  type SelectedRow,
} from './query.js';

/**
 * Rows the cursor fetches per round trip: a round trip is then a small part of the rows' own time,
 * and memory holds a few batches whatever the export's size. At 250 (read ahead 500) the rows
 * lived long enough to be promoted, and an XLSX export of 100,000 peaked some 35 MB higher.
 */
const CURSOR_BATCH = 100;
/**
 * Rows the stream holds before it stops asking: two batches, so the next batch is read while the
 * last is being written, rather than PostgreSQL and the writer taking turns.
 */
const CURSOR_READ_AHEAD = 2 * CURSOR_BATCH;
/** Rows written between turns of the event loop: a few milliseconds of the export's work. */
const ROWS_PER_TURN = 25;

/** The part of a pooled pg client the export uses: it runs the cursor on a connection of its own. */
interface PooledConnection {
  query(stream: QueryStream): QueryStream;
  query(text: string): Promise<unknown>;
  once(event: 'error' | 'end', listener: (error?: Error) => void): unknown;
  off(event: 'error' | 'end', listener: (error?: Error) => void): unknown;
}

/**
 * A promise that rejects once `connection` is lost (the server ended it, the network cut it), and
 * its listeners' removal. A cursor whose connection is lost is never told: its next read, and its
 * close, wait for answers that cannot come, so the export waits for this beside each read.
 */
function whenLost(connection: PooledConnection): { lost: Promise<never>; isLost(): boolean; stop(): void } {
  let gone = false;
  let onLost: (error?: Error) => void = () => undefined;
  const lost = new Promise<never>((_, reject) => {
    onLost = (error) => {
      gone = true;
      reject(error ?? new Error('The connection to the database ended during the export'));
    };
    connection.once('error', onLost);
    connection.once('end', onLost);
  });
  lost.catch(() => undefined);
  return {
    lost,
    isLost: () => gone,
    stop() {
      connection.off('error', onLost);
      connection.off('end', onLost);
    },
  };
}

/**
 * The matching submissions, oldest first, with their pillar scores and chosen answers: ONE query,
 * read through a server-side cursor a batch at a time as the file is written, on a connection
 * taken from the pool for just as long as the rows are read. Leaving early (the client went away)
 * closes the cursor, which stops PostgreSQL reading, and gives the connection back at once; a
 * connection lost midway ends the export with its error and goes back to the pool to be discarded.
 */
export async function* exportRows(db: Database, filter: ExportFilter): AsyncGenerator<ExportRow> {
  const { sql, bindings } = exportQuery(db, filter).toSQL().toNative();
  const connection = (await db.client.acquireConnection()) as PooledConnection;
  try {
    // A query over 100,000 rows costs enough for PostgreSQL to compile it first (JIT): a third of
    // a second before the first row, for a plan of one index scan that gains nothing from it.
    await connection.query('SET jit = off');
  } catch (error) {
    await db.client.releaseConnection(connection);
    throw error;
  }
  const watch = whenLost(connection);
  const cursor = connection.query(
    new QueryStream(sql, bindings as unknown[], {
      batchSize: CURSOR_BATCH,
      highWaterMark: CURSOR_READ_AHEAD,
      rowMode: 'array',
    }),
  );
  const reading = cursor[Symbol.asyncIterator]() as AsyncIterator<unknown[]>;
  try {
    let answerTexts: Map<number, string> | undefined;
    let sinceTurn = 0;
    for (;;) {
      const next = await Promise.race([reading.next(), watch.lost]);
      if (next.done) break;
      answerTexts ??= await answerTextsById(db);
      yield exportRowOf(next.value as SelectedRow, answerTexts);
      // Rows already read come one after another as promises, without a turn of the event loop
      // between them: other requests would wait behind a whole batch of rows being written.
      if (++sinceTurn === ROWS_PER_TURN) {
        sinceTurn = 0;
        await nextTurn();
      }
    }
  } finally {
    watch.stop();
    if (!watch.isLost()) {
      // The cursor is closed (its Close and Sync answered) before the connection is lent again.
      if (!cursor.destroyed) cursor.destroy();
      if (!cursor.closed) await new Promise((resolve) => cursor.once('close', resolve));
      // The pool's other users get the connection as they would any other.
      await connection.query('RESET jit').catch(() => undefined);
    }
    await db.client.releaseConnection(connection);
  }
}

/**
 * The matching submissions with the first row already read, or null when nothing matches: the
 * read the export needs anyway answers whether it is empty, with no query of its own. `close`
 * closes the cursor and gives its connection back, however far the rows were read: the generator
 * handed out cannot, as closing a generator that has not started runs none of its code.
 */
export async function startedRows(
  db: Database,
  filter: ExportFilter,
): Promise<{ rows: AsyncGenerator<ExportRow>; close: () => Promise<unknown> } | null> {
  const cursor = exportRows(db, filter);
  const first = await cursor.next();
  if (first.done) return null;
  const rows = (async function* () {
    yield first.value;
    yield* cursor;
  })();
  return { rows, close: () => cursor.return(undefined) };
}
