import { FUNNEL_TIME_BUCKETS } from '@msp/shared';
import type { Knex } from 'knex';
import type { Database } from '../../db/knex.js';
import type { Logger } from '../../logger.js';

/** Where one count goes: a day (UTC), a step, its detail (position or question key) and a source. */
export interface FunnelKey {
  day: string;
  step: string;
  detail: string;
  source: string;
}

interface Tally extends FunnelKey {
  visits: number;
  times: number[];
}

/** Rows written per statement: well under PostgreSQL's 65,535 bound parameters (12 a row). */
const ROWS_PER_STATEMENT = 1000;
/** Distinct rows held before a write is started early, whatever the timer says. */
const EARLY_FLUSH_ROWS = 5000;

const TIME_COLUMNS = Array.from({ length: FUNNEL_TIME_BUCKETS }, (_, index) => `t${index}`);

/** PostgreSQL's data exceptions (22…) and integrity violations (23…): the rows, not the connection. */
function isDataError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('22') || code.startsWith('23'));
}

const keyOf = ({ day, step, detail, source }: FunnelKey) =>
  `${day}\u0000${step}\u0000${detail}\u0000${source}`;

/**
 * Adds the funnel's counts in memory and writes them as one upsert per second, whatever the rate of
 * events: at 1,000 events a second every event would otherwise be a write to a handful of hot rows
 * (today, landing, direct), each waiting for the last one's row lock. A second's events are a few
 * dozen rows, added to the stored counts (`visits = visits + excluded.visits`), so instances
 * sharing a database add up rather than overwrite.
 *
 * Nothing is lost on a graceful stop: the server flushes after its last request has been answered
 * (onPostStop). What a crash loses is the last second's counts, which is the price of not writing
 * each event; a failed write keeps its counts for the next try.
 */
export class FunnelCounter {
  private pending = new Map<string, Tally>();
  private writing: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Database,
    private readonly logger: Logger,
    private readonly flushEveryMs = 1000,
  ) {}

  start(): void {
    this.timer ??= setInterval(() => void this.flush().catch(() => undefined), this.flushEveryMs);
    this.timer.unref();
  }

  /** Stops the timer and writes what is held. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  /** Counts one visit at `key`, and, when given, one time on it in bucket `timeBucket`. */
  add(key: FunnelKey, visit: boolean, timeBucket?: number): void {
    const id = keyOf(key);
    let tally = this.pending.get(id);
    if (!tally) {
      tally = { ...key, visits: 0, times: new Array<number>(FUNNEL_TIME_BUCKETS).fill(0) };
      this.pending.set(id, tally);
    }
    if (visit) tally.visits += 1;
    if (timeBucket !== undefined) tally.times[timeBucket]! += 1;
    if (this.pending.size >= EARLY_FLUSH_ROWS) void this.flush().catch(() => undefined);
  }

  /**
   * Writes everything held so far, after any write already under way (so a reader that flushes
   * first sees every event answered before it). A failed write puts its counts back and throws.
   */
  flush(): Promise<void> {
    const next = this.writing.catch(() => undefined).then(() => this.write());
    this.writing = next;
    return next;
  }

  private async write(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    // In key order, so two instances flushing at once lock shared rows in the same order.
    const rows = [...batch.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, tally]) => tally);
    try {
      // Days and months together, so a read never sees one without the other.
      await this.db.transaction(async (trx) => {
        for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
          const slice = rows.slice(start, start + ROWS_PER_STATEMENT);
          await upsert(trx, 'funnel_daily', 'day', slice);
          await upsert(trx, 'funnel_monthly', 'month', monthly(slice));
        }
      });
    } catch (error) {
      if (isDataError(error)) {
        // A row PostgreSQL refuses will be refused again: retrying it would hold back every count
        // after it, so this batch is dropped and said so.
        this.logger.error({ err: error, rows: rows.length }, 'The funnel counts were refused and dropped');
        return;
      }
      // Put the counts back (added to any that arrived meanwhile) for the next flush to try again.
      for (const [id, tally] of batch) {
        const current = this.pending.get(id);
        if (!current) this.pending.set(id, tally);
        else {
          current.visits += tally.visits;
          tally.times.forEach((count, index) => (current.times[index]! += count));
        }
      }
      this.logger.error(
        { err: error, rows: rows.length },
        'The funnel counts could not be written; retrying',
      );
      throw error;
    }
  }
}

/** The same tallies by calendar month (their `day` the month's first), rows of one month added up. */
function monthly(rows: readonly Tally[]): Tally[] {
  const months = new Map<string, Tally>();
  for (const row of rows) {
    const month = { ...row, day: `${row.day.slice(0, 7)}-01` };
    const id = keyOf(month);
    const current = months.get(id);
    if (!current) months.set(id, { ...month, times: [...row.times] });
    else {
      current.visits += row.visits;
      row.times.forEach((count, index) => (current.times[index]! += count));
    }
  }
  // In key order, as the days are, for the same reason.
  return [...months.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, tally]) => tally);
}

/** Adds the tallies to a table's stored counts (inserting the rows not there yet). */
async function upsert(
  trx: Knex.Transaction,
  table: 'funnel_daily' | 'funnel_monthly',
  period: 'day' | 'month',
  rows: readonly Tally[],
): Promise<void> {
  const columns = [period, 'step', 'detail', 'source', 'visits', ...TIME_COLUMNS];
  const values = rows.flatMap((row) => [row.day, row.step, row.detail, row.source, row.visits, ...row.times]);
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  const sums = ['visits', ...TIME_COLUMNS].map(
    (column) => `${column} = ${table}.${column} + excluded.${column}`,
  );
  await trx.raw(
    `INSERT INTO ${table} (${columns.join(', ')})
     VALUES ${rows.map(() => tuple).join(', ')}
     ON CONFLICT (${period}, step, detail, source) DO UPDATE SET ${sums.join(', ')}`,
    values,
  );
}
