import type { ClaimedJob } from '../../jobs/job-store.js';

interface Waiting {
  job: ClaimedJob;
  signal: AbortSignal;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Sends the syncs of single submissions one batch at a time in this process. The jobs the worker
 * starts together, and those that start while a batch is out, go in the next batch together, so
 * one request carries them all (the jobs still queued are carried by the database, see
 * `carryQueuedJobs`); each job ends as its batch does.
 */
export class SyncLane {
  private waiting: Waiting[] = [];
  private draining = false;

  constructor(private readonly send: (jobs: ClaimedJob[], signal: AbortSignal) => Promise<void>) {}

  /** Runs `job` in the next batch; rejects at once when its signal aborts before the batch starts. */
  join(job: ClaimedJob, signal: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      const entry: Waiting = { job, signal, resolve, reject };
      this.waiting.push(entry);
      signal.addEventListener(
        'abort',
        () => {
          const index = this.waiting.indexOf(entry);
          if (index < 0) return;
          this.waiting.splice(index, 1);
          reject(signal.reason);
        },
        { once: true },
      );
      if (!this.draining) {
        this.draining = true;
        // After the current turn: the worker starts the jobs it claimed together in one turn.
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    try {
      while (this.waiting.length > 0) {
        const batch = this.waiting.splice(0);
        try {
          await this.send(
            batch.map((entry) => entry.job),
            AbortSignal.any(batch.map((entry) => entry.signal)),
          );
          for (const entry of batch) entry.resolve();
        } catch (error) {
          for (const entry of batch) entry.reject(error);
        }
      }
    } finally {
      this.draining = false;
    }
  }
}
