import type { Database } from '../../../db/knex.js';
import { storeSubmissions, type PreparedSubmission } from './submit-service.js';

export interface SubmissionWriterOptions {
  /** Statements writing at once; more submits than this wait and go together in the next one. */
  maxInFlight?: number;
  /** The most submissions in one statement. */
  maxBatch?: number;
}

interface Pending {
  prepared: PreparedSubmission;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * SQLSTATE classes that blame the data rather than the database: 22 (data exception) and 23
 * (integrity constraint violation). A batch failing with one of these is retried row by row, so
 * one bad submission cannot fail the others; any other failure (a lost connection) is every row's.
 */
const DATA_ERROR = /^2[23]/;

function isDataError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && DATA_ERROR.test(code);
}

/**
 * Group commit for submits. A submit is written at once while fewer than `maxInFlight` statements
 * are running; beyond that, submits queue and the next free slot writes all of them in one
 * statement. Under load this trades many small statements (each a round trip, a commit and a run
 * of the aggregate triggers) for a few larger ones, which is where the tail latency of a burst
 * went; when idle it adds nothing. Each submit still resolves only once its own rows are committed.
 */
export class SubmissionWriter {
  private readonly queue: Pending[] = [];
  private inFlight = 0;
  private readonly maxInFlight: number;
  private readonly maxBatch: number;

  constructor(
    private readonly db: Database,
    { maxInFlight = 2, maxBatch = 100 }: SubmissionWriterOptions = {},
  ) {
    this.maxInFlight = maxInFlight;
    this.maxBatch = maxBatch;
  }

  /** Stores one prepared submission; resolves when it is committed. */
  write(prepared: PreparedSubmission): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ prepared, resolve, reject });
      this.drain();
    });
  }

  private drain(): void {
    while (this.inFlight < this.maxInFlight && this.queue.length > 0) {
      const batch = this.queue.splice(0, this.maxBatch);
      this.inFlight += 1;
      void this.store(batch).finally(() => {
        this.inFlight -= 1;
        this.drain();
      });
    }
  }

  private async store(batch: Pending[]): Promise<void> {
    try {
      await storeSubmissions(
        this.db,
        batch.map((pending) => pending.prepared),
      );
      for (const pending of batch) pending.resolve();
      return;
    } catch (error) {
      if (batch.length === 1 || !isDataError(error)) {
        for (const pending of batch) pending.reject(error);
        return;
      }
    }
    for (const pending of batch) {
      try {
        await storeSubmissions(this.db, [pending.prepared]);
        pending.resolve();
      } catch (error) {
        pending.reject(error);
      }
    }
  }
}
