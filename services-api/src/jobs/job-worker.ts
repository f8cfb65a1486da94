import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { JobKind } from '@msp/shared';
import type { Database } from '../db/knex.js';
import type { Logger } from '../logger.js';
import {
  claimDueJobs,
  completeJob,
  failAttempt,
  releaseJob,
  type AttemptRecord,
  type ClaimedJob,
} from './job-store.js';

/** What an attempt reports besides success: the receiver's status, for the delivery log. */
export interface AttemptReport {
  httpStatus?: number;
}

/** An attempt that did not succeed. `permanent` skips the remaining attempts. */
export class JobFailure extends Error {
  override name = 'JobFailure';

  constructor(
    message: string,
    readonly details: { httpStatus?: number; permanent?: boolean } = {},
  ) {
    super(message);
  }
}

/** How one kind of job runs. */
export interface JobHandler {
  /** The longest one attempt may take; its signal aborts it then. */
  timeoutMs: number;
  /** Waits before the 2nd, 3rd, … attempt; the job fails after the last. */
  retryDelaysMs: readonly number[];
  run(job: ClaimedJob, signal: AbortSignal): Promise<AttemptReport | void>;
}

/**
 * How a recorded attempt ended: `retried` failed with another attempt scheduled, `failed` failed
 * for good before its attempts ran out (the failure is permanent), `dead` failed its last attempt,
 * `released` was given back unfinished at shutdown.
 */
export type AttemptOutcome = 'succeeded' | 'retried' | 'failed' | 'dead' | 'released';

export interface JobWorkerOptions {
  /** How often the database is asked for due jobs; a nudge asks at once. */
  pollIntervalMs?: number;
  /** Jobs run at once by this worker. */
  concurrency?: number;
  /** How long a stopping worker lets running attempts finish before it aborts and releases them. */
  shutdownGraceMs?: number;
  /** Replaces every handler's retry waits; for tests that cannot wait minutes. */
  retryDelaysMs?: readonly number[];
  /** Told of every attempt recorded in job_attempts (the metrics count them). */
  onAttempt?: (kind: JobKind, outcome: AttemptOutcome) => void;
}

/** While the database stays unreachable, the worker says so again at most this often. */
const CLAIM_WARNING_INTERVAL_MS = 60_000;

/** How long aborted attempts get to give their jobs back before a stopping worker goes on without them. */
const ABORTED_SETTLE_MS = 2000;

/** Whether `work` ended within `ms`; its timer is cleared either way, so it holds no process open. */
async function endsWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([work.then(() => true as const), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** A lease outlives the attempt's own time limit by this much before another worker may take it. */
const LEASE_MARGIN_MS = 60_000;

/**
 * Runs due jobs from the database. Any number of workers (in any number of server instances) may
 * run against one database: each job is claimed by one of them, its attempts are recorded, a failed
 * attempt is retried after its handler's next wait, and a stopping worker finishes or gives back
 * what it holds.
 */
export class JobWorker {
  readonly id = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private readonly running = new Map<number, { done: Promise<void>; abort: AbortController }>();
  private readonly pollIntervalMs: number;
  private readonly concurrency: number;
  private readonly shutdownGraceMs: number;
  private readonly handlers: Partial<Record<JobKind, JobHandler>> = {};
  private timer: NodeJS.Timeout | undefined;
  private polling: Promise<void> | undefined;
  private pollAgain = false;
  /** Polls in a row whose claim failed, and when that was last logged. */
  private claimFailures = 0;
  private claimWarnedAt = 0;
  private state: 'idle' | 'started' | 'stopping' | 'stopped' = 'idle';

  constructor(
    private readonly db: Database,
    private readonly logger: Logger,
    private readonly options: JobWorkerOptions = {},
  ) {
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
    this.concurrency = options.concurrency ?? 4;
    this.shutdownGraceMs = options.shutdownGraceMs ?? 8000;
  }

  /** Says how one kind of job runs; each resource registers its own before the worker starts. */
  handle(kind: JobKind, handler: JobHandler): void {
    if (this.state !== 'idle') throw new Error(`The job worker has started: register "${kind}" before`);
    this.handlers[kind] = handler;
  }

  /** Another worker may take over a job whose lease ran out: longer than any attempt may take. */
  private get leaseMs(): number {
    return Math.max(0, ...Object.values(this.handlers).map((h) => h.timeoutMs)) + LEASE_MARGIN_MS;
  }

  /** Whether it is taking work: started and not stopping. */
  get started(): boolean {
    return this.state === 'started';
  }

  start(): void {
    if (this.state !== 'idle') return;
    this.state = 'started';
    this.nudge();
  }

  /** Looks for due jobs now rather than at the next poll: new work was just queued here. */
  nudge(): void {
    if (this.state !== 'started') return;
    if (this.polling) {
      this.pollAgain = true;
      return;
    }
    clearTimeout(this.timer);
    this.polling = this.poll().finally(() => {
      this.polling = undefined;
      if (this.state !== 'started') return;
      if (this.pollAgain) {
        this.pollAgain = false;
        this.nudge();
      } else {
        this.timer = setTimeout(() => this.nudge(), this.pollIntervalMs);
        this.timer.unref();
      }
    });
  }

  /**
   * Stops taking work, lets running attempts finish within the grace period, then aborts the rest
   * and gives their jobs back for any worker to run again.
   */
  async stop(): Promise<void> {
    if (this.state === 'stopped' || this.state === 'stopping') return;
    this.state = 'stopping';
    clearTimeout(this.timer);
    await this.polling;
    const all = () => Promise.all([...this.running.values()].map((r) => r.done));
    if (!(await endsWithin(all(), this.shutdownGraceMs))) {
      for (const { abort } of this.running.values()) abort.abort(new Error('the server is stopping'));
      // An attempt in the middle of work its signal cannot stop (a PDF being drawn) would hold the
      // shutdown past its deadline: past this wait it is left to end with the process, and its job,
      // not recorded as done, runs again once its lease runs out.
      await endsWithin(all(), ABORTED_SETTLE_MS);
    }
    this.state = 'stopped';
  }

  private async poll(): Promise<void> {
    const free = this.concurrency - this.running.size;
    if (free <= 0) return;
    let jobs: ClaimedJob[];
    try {
      jobs = await claimDueJobs(this.db, this.id, free, this.leaseMs);
    } catch (error) {
      // The database may be restarting: try again at the next poll. Said once, then once a minute,
      // not at every poll of an outage.
      this.claimFailures += 1;
      if (this.claimFailures === 1 || Date.now() - this.claimWarnedAt >= CLAIM_WARNING_INTERVAL_MS) {
        this.claimWarnedAt = Date.now();
        this.logger.warn(
          { err: error, failedPolls: this.claimFailures },
          this.claimFailures === 1
            ? 'Could not claim jobs; trying again at each poll'
            : 'Still cannot claim jobs',
        );
      }
      return;
    }
    if (this.claimFailures > 0) {
      this.logger.info({ failedPolls: this.claimFailures }, 'Claiming jobs again');
      this.claimFailures = 0;
    }
    for (const job of jobs) this.launch(job);
    // A full batch suggests more are due.
    if (jobs.length === free) this.pollAgain = true;
  }

  private launch(job: ClaimedJob): void {
    const abort = new AbortController();
    const done = this.attempt(job, abort.signal).finally(() => {
      this.running.delete(job.id);
      this.nudge();
    });
    this.running.set(job.id, { done, abort });
  }

  private async attempt(job: ClaimedJob, shutdown: AbortSignal): Promise<void> {
    const handler = this.handlers[job.kind];
    const startedAt = new Date();
    const log = this.logger.child({ jobId: job.id, kind: job.kind, attempt: job.attempt });
    const record = (extra: Partial<AttemptRecord> = {}): AttemptRecord => ({
      worker: this.id,
      startedAt,
      finishedAt: new Date(),
      ...extra,
    });
    let report: AttemptReport | void = undefined;
    let failed: unknown;
    try {
      if (!handler) throw new JobFailure(`no handler for ${job.kind} jobs`, { permanent: true });
      const signal = AbortSignal.any([shutdown, AbortSignal.timeout(handler.timeoutMs)]);
      report = await handler.run(job, signal);
    } catch (error) {
      failed = error ?? new Error('the attempt failed');
    }
    try {
      let recorded: boolean;
      let outcome: AttemptOutcome;
      if (failed === undefined) {
        recorded = await completeJob(this.db, job, record({ httpStatus: report?.httpStatus }));
        outcome = 'succeeded';
        log.debug('Job succeeded');
      } else if (shutdown.aborted) {
        recorded = await releaseJob(
          this.db,
          job,
          record({ error: 'released: the server stopped during the attempt' }),
        );
        outcome = 'released';
        log.info('Job released at shutdown');
      } else {
        const failure = failed instanceof JobFailure ? failed : undefined;
        const message = failed instanceof Error ? failed.message : String(failed);
        const delays = this.options.retryDelaysMs ?? handler?.retryDelaysMs ?? [];
        const lastAttempt = job.attempt >= job.maxAttempts;
        const delay =
          failure?.details.permanent || lastAttempt ? null : (delays[job.attempt - 1] ?? delays.at(-1) ?? 0);
        const settled = record({ error: message, httpStatus: failure?.details.httpStatus });
        recorded = await failAttempt(this.db, job, settled, delay);
        outcome = delay !== null ? 'retried' : lastAttempt ? 'dead' : 'failed';
        if (delay === null) log.error({ err: message }, 'Job failed; no attempts left');
        else log.warn({ err: message, retryInMs: delay }, 'Job attempt failed; will retry');
      }
      // A worker whose lease ran out records nothing (another holds the job), so counts nothing.
      if (recorded) this.options.onAttempt?.(job.kind, outcome);
    } catch (settleError) {
      // Its lease runs out, and another worker (or this one) runs it again.
      log.error({ err: settleError }, 'Could not record the job attempt');
    }
  }
}
